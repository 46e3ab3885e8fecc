import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  DISPUTE_TEXT,
  RESOLUTION_ACTION_LABELS,
  UNRESOLVED_DISPUTE_STATUSES,
} from '@escrow/shared/domain/disputes';
import type { Dispute } from '@escrow/shared/schemas/disputes';
import {
  ResolutionFields,
  useResolutionDraft,
  type ResolutionInput,
} from '../../../widgets/disputes/resolution-draft';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { newIdempotencyKey } from '../../../lib/money-mutation';
import { useDecideDispute } from '../api/dispute-detail';
import { DecideConfirmDialog } from './decide-confirm-dialog';
import { t } from '../../../lib/i18n';

/**
 * Decide (ADMIN_DECISION, docs/disputes.md): one of the four outcomes, the buyer's share for a partial
 * refund (the seller's remainder shown as it is typed), and a reason the parties see. A confirmation
 * states every movement of the held money before anything is sent; the server executes it at once.
 */
export function DecidePanel({ dispute }: { dispute: Dispute }) {
  const id = useId();
  const draft = useResolutionDraft(dispute, 'ADMIN_DECISION');
  const [confirming, setConfirming] = useState<{ idempotencyKey: string; input: ResolutionInput } | null>(
    null,
  );
  const decide = useDecideDispute(dispute.id);
  const open = UNRESOLVED_DISPUTE_STATUSES.includes(dispute.status);

  function review(event: FormEvent) {
    event.preventDefault();
    const input = draft.validate();
    if (!input) return;
    decide.reset();
    // One key per confirmation: a retry after a network failure cannot move the money twice.
    setConfirming({ idempotencyKey: newIdempotencyKey(), input });
  }

  function execute() {
    if (!confirming) return;
    const { input } = confirming;
    decide.mutate(confirming, {
      onSuccess: () => {
        toast.success(
          t('Decision executed: {outcome}', { outcome: t(RESOLUTION_ACTION_LABELS[input.resolution]) }),
        );
        setConfirming(null);
        draft.reset();
      },
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <Card>
      <CardTitle id={`${id}-title`}>{t('Decide')}</CardTitle>
      {open ? (
        <p className="mt-1 text-sm text-slate-600">
          {t('An admin decision is executed at once and ends the dispute.')}
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-700">
          {dispute.resolution
            ? t('This dispute has already been resolved: {outcome}.', {
                outcome: t(RESOLUTION_ACTION_LABELS[dispute.resolution]),
              })
            : `${t(DISPUTE_TEXT.alreadyDecided)}.`}
        </p>
      )}
      <form onSubmit={review} noValidate aria-labelledby={`${id}-title`} className="mt-4">
        <fieldset disabled={!open} className="space-y-4 disabled:opacity-60">
          <ResolutionFields draft={draft} idPrefix={id} reasonLabel={t('Reason (the parties see this)')} />
          <Button type="submit">{t('Review decision')}</Button>
        </fieldset>
      </form>

      {confirming ? (
        <DecideConfirmDialog
          open
          onOpenChange={(next) => (next ? undefined : setConfirming(null))}
          outcome={t(RESOLUTION_ACTION_LABELS[confirming.input.resolution])}
          movements={draft.movements ?? ''}
          reason={confirming.input.reason}
          pending={decide.isPending}
          error={decide.error?.message}
          onConfirm={execute}
        />
      ) : null}
    </Card>
  );
}
