import { lazy, Suspense, useState } from 'react';
import { TWO_FACTOR_TEXT } from '@escrow/shared/texts/two-factor';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { ErrorPanel, LoadingPanel } from '../../../components/ui/panels';
import { Spinner } from '../../../components/ui/spinner';
import { useTwoFactorStatus } from '../../../lib/account-security-query';
import { failureText } from '../../../lib/money-mutation';
import { formatDate } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { startTwoFactorSetup, type TwoFactorSetup } from '../api/two-factor';
import { RecoveryCodes } from './recovery-codes';
import { NewRecoveryCodesDialog, TurnOffTwoFactorDialog } from './two-factor-dialogs';

// The QR code and its generator load only when someone sets it up.
const TwoFactorSetupPanel = lazy(() => import('./two-factor-setup'));

/** Below this many recovery codes left, the card suggests making new ones. */
const FEW_CODES_LEFT = 3;

/**
 * Profile → Security: two-factor sign-in (docs/security.md "Two-factor sign-in"). Off: set it
 * up (QR code or typed key, a code to confirm), then the recovery codes, shown once until the user says
 * they saved them. On: the codes left, new codes (asks a code), turn off (asks password and code).
 */
export function TwoFactorCard({ email }: { email: string }) {
  const status = useTwoFactorStatus();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'codes' | 'off' | null>(null);

  async function start() {
    setStarting(true);
    setStartError(null);
    try {
      setSetup(await startTwoFactorSetup());
    } catch (error) {
      setStartError(failureText(error, t(TWO_FACTOR_TEXT.setupFailed)));
    } finally {
      setStarting(false);
    }
  }

  let body;
  if (codes) {
    // Shown whatever the status says meanwhile: they are never shown again.
    body = <RecoveryCodes codes={codes} email={email} onDone={() => setCodes(null)} />;
  } else if (status.isPending) {
    body = <LoadingPanel label={t('Loading two-factor sign-in...')} />;
  } else if (status.isError) {
    body = <ErrorPanel error={status.error} onRetry={() => void status.refetch()} />;
  } else if (status.data.enabled) {
    const left = status.data.recoveryCodesLeft;
    body = (
      <div className="mt-3 space-y-3">
        <p className="text-sm text-slate-700">
          <span className="font-semibold text-emerald-800">
            {status.data.enabledAt
              ? t(TWO_FACTOR_TEXT.onSinceMessage, { date: formatDate(status.data.enabledAt) })
              : t(TWO_FACTOR_TEXT.statusOn)}
          </span>{' '}
          · {t(TWO_FACTOR_TEXT.recoveryCodesLeftMessage, { count: left })}
        </p>
        {left < FEW_CODES_LEFT ? (
          <p className="text-sm text-amber-800">{t(TWO_FACTOR_TEXT.fewCodesLeft)}</p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setDialog('codes')}>
            {t(TWO_FACTOR_TEXT.newRecoveryCodes)}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setDialog('off')}>
            {t(TWO_FACTOR_TEXT.turnOff)}
          </Button>
        </div>
      </div>
    );
  } else if (setup) {
    body = (
      <Suspense fallback={<Spinner label={t('Loading...')} />}>
        <TwoFactorSetupPanel
          setup={setup}
          onCancel={() => setSetup(null)}
          onEnabled={(recoveryCodes) => {
            setSetup(null);
            setCodes(recoveryCodes);
          }}
        />
      </Suspense>
    );
  } else {
    body = (
      <div className="mt-3 space-y-3">
        <p className="text-sm text-slate-700">
          <span className="font-semibold text-slate-900">{t(TWO_FACTOR_TEXT.statusOff)}</span>
        </p>
        {startError ? (
          <p role="alert" className="text-sm text-red-600">
            {startError}
          </p>
        ) : null}
        <Button onClick={() => void start()} disabled={starting}>
          {t(starting ? TWO_FACTOR_TEXT.starting : TWO_FACTOR_TEXT.setUp)}
        </Button>
      </div>
    );
  }

  return (
    <Card id="two-factor">
      <CardTitle>{t(TWO_FACTOR_TEXT.title)}</CardTitle>
      <p className="mt-1 text-sm text-slate-600">{t(TWO_FACTOR_TEXT.intro)}</p>
      {body}
      <NewRecoveryCodesDialog
        open={dialog === 'codes'}
        onOpenChange={(open) => setDialog(open ? 'codes' : null)}
        onMade={setCodes}
      />
      <TurnOffTwoFactorDialog
        open={dialog === 'off'}
        onOpenChange={(open) => setDialog(open ? 'off' : null)}
      />
    </Card>
  );
}
