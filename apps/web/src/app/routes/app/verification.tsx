import { useEffect } from 'react';
import { useAuth } from '../../../lib/auth/auth-context';
import { t } from '../../../lib/i18n';
import { VerificationPage } from '../../../features/verification/components/verification-page';

export default function VerificationRoute() {
  const { user, setUser } = useAuth();
  useEffect(() => {
    document.title = t('Identity Verification — Amana Escrow');
  }, []);
  if (!user) return null;
  return (
    <VerificationPage
      names={{ firstName: user.firstName, lastName: user.lastName }}
      // The top bar's badge reads the signed-in user: it shows the new level at once.
      onVerified={(result) =>
        setUser({ ...user, verificationLevel: result.verificationLevel, trustScore: result.trustScore })
      }
    />
  );
}
