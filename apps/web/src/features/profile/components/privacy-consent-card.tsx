import type { PrivacyConsent } from '@escrow/shared/schemas/auth';
import { CONSENT_TEXT, PRIVACY_NOTICE_PATH } from '@escrow/shared/texts/privacy-notice';
import { Card, CardTitle } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format';
import { t } from '../../../lib/i18n';

/**
 * Profile → Privacy: the Privacy Policy version the user accepted at sign-up and the day (docs/privacy.md
 * "Consent and notices"); accounts made without sign-up (create-admin, the demo seed) have none recorded.
 */
export function PrivacyConsentCard({ consent }: { consent: PrivacyConsent }) {
  return (
    <Card>
      <CardTitle>{t('Privacy Policy')}</CardTitle>
      <p className="mt-1 text-sm text-slate-700" data-testid="privacy-consent">
        {consent
          ? `${t(CONSENT_TEXT.acceptedMessage, { version: consent.version, date: formatDate(consent.acceptedAt) })}.`
          : t('Your acceptance of the Privacy Policy: {status}.', { status: t(CONSENT_TEXT.notRecorded) })}
      </p>
      <a
        href={PRIVACY_NOTICE_PATH}
        target="_blank"
        rel="noopener"
        className="mt-2 inline-block text-sm font-medium text-brand-800 underline focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {t('Read the Privacy Policy')}
      </a>
    </Card>
  );
}
