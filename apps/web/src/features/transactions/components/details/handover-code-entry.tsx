import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { HANDOVER_CODE_LENGTH } from '@escrow/shared/domain/handover';
import { HANDOVER_TEXT } from '@escrow/shared/texts/handover';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { rateLimitOf } from '../../../../lib/api-client';
import { t } from '../../../../lib/i18n';
import { failureText } from '../../../../lib/money-mutation';
import { useConfirmHandover } from '../../api/handover';
import { codeInput, HANDOVER_SCREEN_TEXT as TEXT } from '../../lib/handover';

/** Five wrong codes lock entry for an hour; a 429 without Retry-After is taken to mean that hour. */
const DEFAULT_LOCK_SECONDS = 3600;

/** The server says why entry is refused ('... locked until 14:05 WAT'); else the shared 429 text. */
function refusalText(error: unknown): string {
  return rateLimitOf(error)?.serverMessage ?? failureText(error, t(TEXT.entryFailed));
}

/**
 * The seller's side of an in-person handover: the buyer's 6-digit code, checked by the server. A wrong
 * code shows the server's message (how many tries are left); after five, entry is locked and says for how
 * long. A right code releases the escrow and the screen turns to Completed.
 */
export function HandoverCodeEntry({ transactionId }: { transactionId: string }) {
  const id = useId();
  const confirm = useConfirmHandover(transactionId);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);

  // Entry opens again by itself when the lock ends.
  useEffect(() => {
    if (lockedUntil === null) return;
    const timer = setTimeout(
      () => {
        setLockedUntil(null);
        setMessage(null);
      },
      Math.max(0, lockedUntil - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [lockedUntil]);

  const locked = lockedUntil !== null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (locked || confirm.isPending) return;
    if (code.length !== HANDOVER_CODE_LENGTH) {
      setMessage(t(HANDOVER_TEXT.codeFormat));
      return;
    }
    setMessage(null);
    try {
      await confirm.mutateAsync(code);
      toast.success(t(HANDOVER_TEXT.released));
    } catch (error) {
      const limit = rateLimitOf(error);
      if (limit) setLockedUntil(Date.now() + (limit.retryAfterSeconds ?? DEFAULT_LOCK_SECONDS) * 1000);
      setMessage(refusalText(error));
      setCode('');
    }
  }

  const inputId = `${id}-code`;
  const messageId = `${id}-message`;
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-3"
      data-testid="release-code-entry"
    >
      <h3 className="text-base font-semibold text-slate-900">{t(TEXT.entryTitle)}</h3>
      <p className="text-sm text-slate-700">{t(TEXT.entryHint)}</p>
      <div>
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700">
          {t(TEXT.entryLabel)}
        </label>
        <Input
          id={inputId}
          value={code}
          onChange={(event) => setCode(codeInput(event.target.value))}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={HANDOVER_CODE_LENGTH}
          disabled={locked}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          className="h-14 max-w-[14rem] text-center font-mono text-2xl tracking-[0.4em]"
        />
        {message ? (
          <p id={messageId} role="alert" className="mt-1 text-sm text-red-700">
            {message}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={locked || confirm.isPending}>
        {confirm.isPending ? t('Checking...') : t(TEXT.entryTitle)}
      </Button>
    </form>
  );
}
