import { useState } from 'react';
import { toast } from 'sonner';
import { HANDOVER_TEXT } from '@escrow/shared/texts/handover';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { QrCode } from '../../../../components/ui/qr-code';
import { Spinner } from '../../../../components/ui/spinner';
import { t } from '../../../../lib/i18n';
import { failureText } from '../../../../lib/money-mutation';
import { useHandoverCode, useRegenerateHandoverCode } from '../../api/handover';
import { activeLock, codeGroups, HANDOVER_SCREEN_TEXT as TEXT, lockEndTime } from '../../lib/handover';

/**
 * The buyer's release code while an in-person trade waits for the meeting: large digits, a QR code of
 * them for the seller's phone, the warning to share it only once satisfied, and 'Replace code'.
 */
export function HandoverCodeCard({ transactionId }: { transactionId: string }) {
  const query = useHandoverCode(transactionId);
  const regenerate = useRegenerateHandoverCode(transactionId);
  const [confirming, setConfirming] = useState(false);

  async function replace() {
    try {
      await regenerate.mutateAsync();
      toast.success(t(HANDOVER_TEXT.regenerated));
      setConfirming(false);
    } catch (error) {
      toast.error(failureText(error, t(TEXT.replaceFailed)));
    }
  }

  if (query.isPending) return <Spinner label={t('Loading your release code...')} />;
  if (query.isError)
    return (
      <p role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
        {t(TEXT.loadFailed)}
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {t('Retry')}
        </Button>
      </p>
    );

  const { code, lockedUntil } = query.data;
  const lock = activeLock(lockedUntil);
  return (
    <section
      aria-labelledby="release-code-title"
      className="space-y-3 rounded-xl border border-brand-200 bg-brand-50 p-4"
      data-testid="release-code-card"
    >
      <h3 id="release-code-title" className="text-base font-semibold text-slate-900">
        {t(TEXT.cardTitle)}
      </h3>
      <p className="text-sm font-semibold text-amber-900">{t(TEXT.onlyShare)}</p>
      <div className="flex flex-wrap items-center gap-4">
        <p className="font-mono text-4xl font-bold tracking-widest text-slate-900 tabular-nums">
          <span aria-hidden="true" data-testid="release-code">
            {codeGroups(code).map((group, index) => (
              <span key={index} className={index > 0 ? 'ml-4' : undefined}>
                {group}
              </span>
            ))}
          </span>
          {/* Read digit by digit, not as one large number. */}
          <span className="sr-only">{code.split('').join(' ')}</span>
        </p>
        <div className="rounded-lg bg-white p-2">
          <QrCode value={code} label={t(TEXT.qrLabel)} size={160} />
        </div>
      </div>
      <p className="text-sm text-slate-700">{t(TEXT.howItWorks)}</p>
      {lock ? (
        <p role="status" className="rounded-lg bg-amber-100 p-3 text-sm text-amber-900">
          {t(HANDOVER_TEXT.lockedUntilMessage, { until: lockEndTime(lock) })}
        </p>
      ) : null}
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
        {t(TEXT.replace)}
      </Button>
      {confirming ? (
        <Dialog
          open
          onOpenChange={setConfirming}
          title={t(TEXT.replaceTitle)}
          description={t(TEXT.replaceBody)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                {t('Cancel')}
              </Button>
              <Button onClick={() => void replace()} disabled={regenerate.isPending}>
                {regenerate.isPending ? t('Replacing...') : t(TEXT.replace)}
              </Button>
            </>
          }
        />
      ) : null}
    </section>
  );
}
