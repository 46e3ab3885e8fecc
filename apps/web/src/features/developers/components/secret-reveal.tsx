import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input, Label } from '../../../components/ui/input';
import { CopyButton } from '../../../components/copy-button';
import { msg } from '@escrow/shared/i18n/msg';
import { t } from '../../../lib/i18n';

export const ONCE_NOTICE = msg('Copy it now and keep it somewhere safe: you will not see it again.');

/**
 * A secret the server answers once (an API key, a signing secret): in a read-only field, selected on
 * focus, with a Copy button and the notice that it is not shown again.
 */
export function SecretReveal({ label, secret, note }: { label: string; secret: string; note?: string }) {
  const id = useId();
  return (
    <div className="space-y-2">
      <p
        id={`${id}-notice`}
        role="status"
        className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900"
      >
        {t(ONCE_NOTICE)}
        {note ? <span className="mt-1 block font-normal">{note}</span> : null}
      </p>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={secret}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={`${id}-notice`}
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton text={secret} what={label} />
      </div>
    </div>
  );
}

/** The dialog that shows a freshly made secret; closing it forgets the secret. */
export function SecretDialog({
  title,
  label,
  secret,
  note,
  onClose,
}: {
  title: string;
  label: string;
  secret: string | null;
  note?: string;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      footer={<Button onClick={onClose}>{t('Done')}</Button>}
    >
      {secret !== null ? <SecretReveal label={label} secret={secret} note={note} /> : null}
    </Dialog>
  );
}
