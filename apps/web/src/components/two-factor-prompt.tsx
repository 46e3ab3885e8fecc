import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '@escrow/shared/schemas/two-factor';
import { TWO_FACTOR_TEXT } from '@escrow/shared/texts/two-factor';
import { ApiError } from '../lib/api-client';
import { t } from '../lib/i18n';
import { useTwoFactorStatus } from '../lib/account-security-query';
import { Button } from './ui/button';
import { CodeInput, RecoveryCodeInput } from './ui/code-input';
import { Dialog } from './ui/dialog';
import { Field, fieldErrorProps } from './ui/input';

/** The refusals the prompt handles itself: a code missing, or a wrong one. */
export const isTwoFactorRefusal = (error: unknown) =>
  error instanceof ApiError &&
  (error.code === 'TWO_FACTOR_CODE_REQUIRED' || error.code === 'INVALID_TWO_FACTOR_CODE');

/** A request that may need the code: sent with it (or with none), resolving once it succeeded. */
export type GatedAttempt = (code: string | null) => Promise<unknown>;

type Pending = {
  attempt: GatedAttempt;
  onFailure: (error: unknown) => void;
  /** The server's refusal of the last code, and how many codes it refused (each clears the field). */
  error?: string;
  refusals: number;
};

/**
 * Runs requests that need a code from the authenticator app when two-factor sign-in is on (withdrawals,
 * bank-account changes, closing the account): it asks first when the account has it on, and asks when the server says a code
 * is missing (403 TWO_FACTOR_CODE_REQUIRED: the status was not known yet, or it was just turned on). A
 * wrong code (400 INVALID_TWO_FACTOR_CODE) is asked again in the same prompt; any other failure goes to
 * `onFailure`, and so never a two-factor refusal, which leaves the caller's Idempotency-Key in place.
 * Render `prompt` once beside the controls. `active`: whether the controls show (a closed dialog asks
 * the server nothing).
 */
export function useTwoFactorPrompt({ active = true }: { active?: boolean } = {}) {
  const status = useTwoFactorStatus(active);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  async function attemptWith(request: Pending, code: string | null) {
    setBusy(true);
    try {
      await request.attempt(code);
      setPending(null);
    } catch (error) {
      const refused = { ...request, refusals: request.refusals + 1 };
      if (error instanceof ApiError && error.code === 'TWO_FACTOR_CODE_REQUIRED')
        setPending(code ? { ...refused, error: error.message } : { ...request, error: undefined });
      else if (error instanceof ApiError && error.code === 'INVALID_TWO_FACTOR_CODE' && code)
        setPending({ ...refused, error: error.message });
      else {
        setPending(null);
        request.onFailure(error);
      }
    } finally {
      setBusy(false);
    }
  }

  function run(attempt: GatedAttempt, onFailure: (error: unknown) => void) {
    const request = { attempt, onFailure, refusals: 0 };
    if (status.data?.enabled) setPending(request);
    else void attemptWith(request, null);
  }

  const prompt = (
    <TwoFactorCodeDialog
      open={pending !== null}
      error={pending?.error}
      refusals={pending?.refusals ?? 0}
      busy={busy}
      onCancel={() => setPending(null)}
      onSubmit={(code) => {
        if (pending) void attemptWith(pending, code);
      }}
    />
  );
  return { run, prompt, busy };
}

/**
 * The small dialog that asks for the code; a refusal is announced beside the field, which is cleared. A
 * person without their authenticator app can give one of their recovery codes instead, as at sign-in
 * (the server takes either; using a recovery code e-mails the owner).
 */
function TwoFactorCodeDialog({
  open,
  error,
  refusals,
  busy,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  error: string | undefined;
  refusals: number;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (code: string) => void;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [formatError, setFormatError] = useState<string | undefined>();
  const shown = formatError ?? error;
  // Each refusal from the server empties the field for the next code and puts the focus back in it.
  const [seenRefusals, setSeenRefusals] = useState(refusals);
  if (seenRefusals !== refusals) {
    setSeenRefusals(refusals);
    setCode('');
  }
  useEffect(() => {
    if (refusals > 0) inputRef.current?.focus();
  }, [refusals]);

  function submit(event: FormEvent) {
    event.preventDefault();
    // React events cross portals: a form this dialog is rendered inside must not submit with it.
    event.stopPropagation();
    // A recovery code in any case, spaces ignored (twoFactorCodeSchema reads it so on the server).
    const typed = recovery ? code.replace(/\s+/g, '').toLowerCase() : code;
    if (!(recovery ? RECOVERY_CODE_PATTERN : TOTP_CODE_PATTERN).test(typed)) {
      setFormatError(recovery ? TWO_FACTOR_TEXT.recoveryCodeInvalid : TWO_FACTOR_TEXT.totpInvalid);
      return inputRef.current?.focus();
    }
    setFormatError(undefined);
    onSubmit(typed);
  }

  function switchKind() {
    setRecovery((value) => !value);
    setCode('');
    setFormatError(undefined);
    // The field is replaced: the focus goes to the new one once it is there.
    setTimeout(() => inputRef.current?.focus(), 0);
  }

  function close() {
    if (busy) return;
    setCode('');
    setRecovery(false);
    setFormatError(undefined);
    onCancel();
  }

  const codeField = {
    ref: inputRef,
    id: `${id}-code`,
    'aria-required': true,
    value: code,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setCode(event.target.value);
      setFormatError(undefined);
    },
    ...fieldErrorProps(`${id}-code`, shown),
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={t(TWO_FACTOR_TEXT.promptTitle)}
      description={t(TWO_FACTOR_TEXT.codeRequired)}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {t('Cancel')}
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={busy}>
            {busy ? t(TWO_FACTOR_TEXT.confirming) : t(TWO_FACTOR_TEXT.confirm)}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate>
        <Field
          id={`${id}-code`}
          label={recovery ? t(TWO_FACTOR_TEXT.recoveryCodeLabel) : t(TWO_FACTOR_TEXT.codeLabel)}
          error={shown}
        >
          {recovery ? (
            <RecoveryCodeInput key="recovery" {...codeField} />
          ) : (
            <CodeInput key="app" {...codeField} />
          )}
        </Field>
        <button
          type="button"
          className="mt-3 text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50"
          onClick={switchKind}
          disabled={busy}
        >
          {recovery ? t(TWO_FACTOR_TEXT.useAuthenticator) : t(TWO_FACTOR_TEXT.useRecoveryCode)}
        </button>
      </form>
    </Dialog>
  );
}
