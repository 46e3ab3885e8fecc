import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { twoFactorCodeSchema } from '@escrow/shared/schemas/two-factor';
import { TWO_FACTOR_TEXT } from '@escrow/shared/texts/two-factor';
import { Button } from '../../../components/ui/button';
import { CodeInput, RecoveryCodeInput } from '../../../components/ui/code-input';
import { Field, fieldErrorProps } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useAuth, type TwoFactorChallenge } from '../../../lib/auth/auth-context';
import { t } from '../../../lib/i18n';
import { useCatalogueGroup } from '../../../lib/use-language';
import { errorText } from '../navigation';

const linkButton =
  'text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * The second sign-in step when the account has two-factor sign-in on (docs/security.md): a code from the
 * authenticator app, or one of the recovery codes. A wrong code may be tried again (the server ends the
 * challenge after 5); an expired or ended challenge goes back to the password step with the reason.
 * The code field takes the focus as the step appears and after each refusal.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onExpired,
  onBack,
}: {
  challenge: TwoFactorChallenge;
  onSignedIn: () => void;
  onExpired: (message: string) => void;
  onBack: () => void;
}) {
  // Its texts are the signed-in app's (two-factor settings share them), not the sign-in page's.
  useCatalogueGroup('app');
  const id = useId();
  const { verifyTwoFactor } = useAuth();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), [recovery]);

  function refuse(message: string) {
    setError(message);
    setCode('');
    inputRef.current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = twoFactorCodeSchema.safeParse(code);
    if (!parsed.success)
      return refuse(t(recovery ? TWO_FACTOR_TEXT.recoveryCodeInvalid : TWO_FACTOR_TEXT.totpInvalid));
    setBusy(true);
    setError(undefined);
    try {
      await verifyTwoFactor({ challenge: challenge.challenge, code: parsed.data });
      onSignedIn();
    } catch (failure) {
      setBusy(false);
      if (failure instanceof ApiError && failure.code === 'TWO_FACTOR_CHALLENGE_EXPIRED')
        return onExpired(failure.message || t(TWO_FACTOR_TEXT.challengeExpired));
      refuse(errorText(failure, t('Failed to sign in')));
    }
  }

  const fieldId = `${id}-code`;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      <h2 className="text-lg font-semibold text-slate-900">
        {t(recovery ? TWO_FACTOR_TEXT.signInRecoveryTitle : TWO_FACTOR_TEXT.signInTitle)}
      </h2>
      <Field
        id={fieldId}
        label={t(recovery ? TWO_FACTOR_TEXT.recoveryCodeLabel : TWO_FACTOR_TEXT.codeLabel)}
        error={error}
      >
        {recovery ? (
          <RecoveryCodeInput
            key="recovery"
            ref={inputRef}
            id={fieldId}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            {...fieldErrorProps(fieldId, error)}
          />
        ) : (
          <CodeInput
            key="app"
            ref={inputRef}
            id={fieldId}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            {...fieldErrorProps(fieldId, error)}
          />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={busy}>
        {t(busy ? TWO_FACTOR_TEXT.verifying : TWO_FACTOR_TEXT.verify)}
      </Button>
      <div className="flex flex-wrap justify-between gap-3">
        <button
          type="button"
          className={linkButton}
          onClick={() => {
            setRecovery((value) => !value);
            setCode('');
            setError(undefined);
          }}
        >
          {t(recovery ? TWO_FACTOR_TEXT.useAuthenticator : TWO_FACTOR_TEXT.useRecoveryCode)}
        </button>
        <button type="button" className={linkButton} onClick={onBack}>
          {t(TWO_FACTOR_TEXT.backToSignIn)}
        </button>
      </div>
    </form>
  );
}
