import { useEffect } from 'react';
import { MESSAGE_TEXT } from '@escrow/shared/schemas/messages';
import { useAuth } from '../../../lib/auth/auth-context';
import { MessagesPage as Page } from '../../../features/messages/components/messages-page';

export default function MessagesPage() {
  const { user } = useAuth();
  useEffect(() => {
    document.title = 'Messages — Amana Escrow';
  }, []);
  if (!user) return <p className="text-sm text-slate-700">{MESSAGE_TEXT.loginToView}</p>;
  return <Page viewerId={user.id} />;
}
