import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { content } from '../../../config/content';
import { t } from '../../../lib/i18n';
import { forgetSignedInHere, signedInHere } from '../session-mark';
import type { FromState } from '../navigation';

const SUPPORT_LINK = 'font-medium underline';

function SupportLink({ subject }: { subject: string }) {
  return (
    <a
      href={`mailto:${content.supportEmail}?subject=${encodeURIComponent(subject)}`}
      className={SUPPORT_LINK}
    >
      {content.supportEmail}
    </a>
  );
}

/**
 * On /login after the app signed this tab out without the user asking: what
 * happened and what to do, on the page rather than in a passing toast. The server does not say which
 * of the reasons it was, so the notice names them all; a suspension is named exactly at the next sign-in.
 */
export function SessionEndedNotice() {
  const location = useLocation();
  const sentByGuard = !!(location.state as FromState)?.from;
  // Read once: the mark is spent by this visit.
  const [ended] = useState(() => sentByGuard && signedInHere());
  useEffect(() => {
    forgetSignedInHere();
  }, []);
  if (!ended) return null;
  return (
    <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">{t('You were signed out')}</p>
      <p className="mt-1">
        {t(
          'Your session on this device ended: it was signed out from another device, your password was changed, or your account was suspended. Sign in again to carry on where you were.',
        )}
      </p>
      <p className="mt-1">
        {t('If you did not do this, reset your password with “Forgot your password?” and tell us at')}{' '}
        <SupportLink subject={t('I was signed out')} />.
      </p>
    </div>
  );
}

/** A sign-in refused because the account is suspended: stays on the page, with the way to support. */
export function SuspendedNotice({ message }: { message: string }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-semibold">{message}</p>
      <p className="mt-1">
        {t(
          'Our team has suspended this account, so you cannot sign in or trade for now. To find out why, or to ask for it to be reinstated, write to',
        )}{' '}
        <SupportLink subject={t('My account is suspended')} /> {t('from the e-mail address of the account.')}
      </p>
    </div>
  );
}
