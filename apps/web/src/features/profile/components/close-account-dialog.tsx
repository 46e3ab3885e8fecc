import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { msg } from '@escrow/shared/i18n/msg';
import { closeAccountSchema, type ClosureBlocker } from '@escrow/shared/schemas/privacy';
import { isTwoFactorRefusal, useTwoFactorPrompt } from '../../../components/two-factor-prompt';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, fieldErrorProps } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { blockersOf, useCloseAccount, useClosureCheck, type RunAccountClosing } from '../api/privacy';

/** What closing does and keeps (docs/privacy.md), said before the user confirms (English ids, shown through t()). */
export const CLOSING_CONSEQUENCES = [
  msg('You are signed out on every device at once, and nobody can sign in to this account again.'),
  msg(
    "Your name, e-mail address and profile picture are removed. People you traded with see 'Closed account'.",
  ),
  msg(
    'Your identity documents, NIN and BVN records and the chat files you sent are deleted. Your vendor profile is taken down.',
  ),
  msg(
    'We keep what the law requires of your financial records (the amounts and dates of your trades, wallet and ledger entries), without your name.',
  ),
  msg('You can sign up again later with the same e-mail address, as a new account.'),
];

const FIELD_ID = 'close-account-password';

/**
 * The confirmation of Profile → Privacy → Close account: the consequences, what the server says still
 * blocks closing (asked when it opens, and named again by a refused attempt), the password, and with
 * two-factor sign-in on a code from the app.
 */
export function CloseAccountDialog({
  open,
  onOpenChange,
  closeAccount,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs the request for the app, which signs out and leaves for the landing page once it succeeds. */
  closeAccount: RunAccountClosing;
}) {
  const check = useClosureCheck(open);
  const close = useCloseAccount(closeAccount);
  const secondFactor = useTwoFactorPrompt({ active: open });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(closeAccountSchema), defaultValues: { password: '' } });

  // A refused attempt is the newest word on what blocks; until then, the check's.
  const refused = blockersOf(close.error);
  const blockers: ClosureBlocker[] = refused.length ? refused : (check.data?.blockers ?? []);
  // A two-factor refusal is the code prompt's to say, not this dialog's.
  const otherError =
    close.error &&
    refused.length === 0 &&
    !(close.error instanceof ApiError && (close.error.status === 400 || isTwoFactorRefusal(close.error)))
      ? close.error.message
      : null;

  // With two-factor sign-in on, a code from the app confirms it too.
  const onSubmit = handleSubmit((input) =>
    secondFactor.run(
      (twoFactorCode) => close.mutateAsync({ input, twoFactorCode }),
      (error) => {
        if (error instanceof ApiError && error.status === 400)
          setError('password', { message: error.message });
        else if (blockersOf(error).length) void check.refetch();
      },
    ),
  );

  const setOpen = (next: boolean) => {
    if (close.isPending) return;
    if (!next) {
      reset();
      close.reset();
    }
    onOpenChange(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('Close your account?')}
      description={t(
        'Closing your account is final: it cannot be undone or reopened, by you or by our staff.',
      )}
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={close.isPending}>
            {t('Cancel')}
          </Button>
          <Button
            variant="danger"
            type="submit"
            form="close-account-form"
            disabled={close.isPending || secondFactor.busy || check.isPending || blockers.length > 0}
          >
            {close.isPending ? t('Closing...') : t('Close my account')}
          </Button>
        </>
      }
    >
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        {CLOSING_CONSEQUENCES.map((text) => (
          <li key={text}>{t(text)}</li>
        ))}
      </ul>
      {check.isPending ? (
        <p className="mt-4 text-sm text-slate-600">{t('Checking whether your account can be closed...')}</p>
      ) : check.isError && !refused.length ? (
        <p role="alert" className="mt-4 text-sm text-red-600">
          {check.error.message}
        </p>
      ) : null}
      {blockers.length ? (
        <div
          role="alert"
          className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p className="font-medium">{t('Before you can close your account:')}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5" aria-label={t('What keeps your account open')}>
            {blockers.map((blocker) => (
              <li key={`${blocker.code}:${blocker.message}`}>{blocker.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <form id="close-account-form" onSubmit={onSubmit} noValidate className="mt-4">
        <Field id={FIELD_ID} label={t('Enter your password to confirm')} error={errors.password?.message}>
          <PasswordInput
            id={FIELD_ID}
            autoComplete="current-password"
            {...fieldErrorProps(FIELD_ID, errors.password?.message)}
            {...register('password')}
          />
        </Field>
      </form>
      {otherError ? (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {otherError}
        </p>
      ) : null}
      {secondFactor.prompt}
    </Dialog>
  );
}
