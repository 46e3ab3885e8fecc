import { useEffect } from 'react';
import { MESSAGE_TEXT } from '@escrow/shared/schemas/messages';
import { useAuth } from '../../../lib/auth/auth-context';
import { t } from '../../../lib/i18n';
import { MessagesPage as Page } from '../../../features/messages/components/messages-page';

export default function MessagesPage() {
  const { user } = useAuth();
  useEffect(() => {
    document.title = t('Messages — Amana Escrow');
  }, []);
  if (!user) return <p className="text-sm text-slate-700">{t(MESSAGE_TEXT.loginToView)}</p>;
  return <Page viewerId={user.id} />;
}
