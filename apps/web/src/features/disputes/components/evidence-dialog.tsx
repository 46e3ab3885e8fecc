import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { EVIDENCE_MAX_FILES } from '@escrow/shared/domain/disputes';
import type { Dispute } from '@escrow/shared/schemas/disputes';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/input';
import { useAddEvidence } from '../api/disputes';
import { useEvidenceFiles } from '../lib/use-evidence-files';
import { EvidencePicker } from './evidence-picker';

/** Upload Evidence: up to the dispute's remaining room (10 in all), with progress and a description. */
export function EvidenceDialog({ dispute, onClose }: { dispute: Dispute; onClose: () => void }) {
  const id = useId();
  const room = Math.max(0, EVIDENCE_MAX_FILES - dispute.evidence.length);
  const evidence = useEvidenceFiles(room);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attach = useAddEvidence();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (evidence.files.length === 0) return setError('Choose at least one file');
    setError(null);
    setBusy(true);
    try {
      const ids = await evidence.uploadAll(dispute.transactionId);
      for (const uploadId of ids)
        await attach.mutateAsync({
          disputeId: dispute.id,
          uploadId,
          ...(description.trim() ? { description: description.trim() } : {}),
        });
      toast.success(ids.length === 1 ? 'Evidence added' : `${ids.length} files of evidence added`);
      onClose();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => (!next && !busy ? onClose() : undefined)}
      title="Upload Evidence"
      description="Both parties and support staff can open what you upload; nobody else can."
    >
      {room === 0 ? (
        <p className="text-sm text-slate-700">
          This dispute already has {EVIDENCE_MAX_FILES} pieces of evidence, the most it can hold.
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          <EvidencePicker evidence={evidence} disabled={busy} label="Files" />
          <Field id={`${id}-description`} label="Description (optional)">
            <Input
              id={`${id}-description`}
              value={description}
              maxLength={500}
              disabled={busy}
              placeholder="e.g. The screen was cracked when I opened the box"
              onChange={(event) => setDescription(event.target.value)}
            />
          </Field>
          {error ? (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Uploading...' : 'Upload'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
