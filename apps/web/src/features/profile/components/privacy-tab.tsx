import { useState } from 'react';
import type { PrivacyConsent } from '@escrow/shared/schemas/auth';
import { PRIVACY_TEXT } from '@escrow/shared/texts/privacy';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { t } from '../../../lib/i18n';
import type { RunAccountClosing } from '../api/privacy';
import { CloseAccountDialog } from './close-account-dialog';
import { DataExportCard } from './data-export-card';
import { PrivacyConsentCard } from './privacy-consent-card';

/** Profile → Privacy (docs/privacy.md): the user's rights over their data. */
export function PrivacyTab({
  staff,
  consent,
  closeAccount,
}: {
  staff: boolean;
  /** The Privacy Policy version accepted at sign-up and when (GET /auth/me), or null. */
  consent: PrivacyConsent;
  closeAccount: RunAccountClosing;
}) {
  const [closing, setClosing] = useState(false);
  return (
    <div className="space-y-4">
      <PrivacyConsentCard consent={consent} />
      <DataExportCard />
      <Card>
        <CardTitle>{t('Close your account')}</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          {t(
            'Closing removes your name, contact details, documents and chat files and signs you out everywhere. It needs an empty wallet and no open trades or disputes. It cannot be undone.',
          )}
        </p>
        {staff ? (
          <p className="mt-3 text-sm text-amber-800">{t(PRIVACY_TEXT.staffCannotClose)}</p>
        ) : (
          <Button variant="danger" className="mt-3" onClick={() => setClosing(true)}>
            {t('Close account')}
          </Button>
        )}
      </Card>
      <CloseAccountDialog open={closing} onOpenChange={setClosing} closeAccount={closeAccount} />
    </div>
  );
}
