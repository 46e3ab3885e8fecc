import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { enableTwoFactorSchema } from '@escrow/shared/schemas/two-factor';
import { TWO_FACTOR_TEXT } from '@escrow/shared/texts/two-factor';
import { Button } from '../../../components/ui/button';
import { CodeInput } from '../../../components/ui/code-input';
import { Field, fieldErrorProps } from '../../../components/ui/input';
import { QrCode } from '../../../components/ui/qr-code';
import { showRefusalOnField } from '../../../lib/form-values';
import { t } from '../../../lib/i18n';
import { useEnableTwoFactor, type TwoFactorSetup } from '../api/two-factor';

/** The base32 key in groups of four, as authenticator apps show and people type it. */
const keyInGroups = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * The setup step, loaded when the user starts it (the QR code's generator with it): the secret as a QR
 * code and as typed groups, then a code from the app, which turns two-factor sign-in on and answers the
 * recovery codes. The step's heading takes the focus as it appears.
 */
export default function TwoFactorSetupPanel({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const enable = useEnableTwoFactor();
  const form = useForm({ resolver: zodResolver(enableTwoFactorSchema), defaultValues: { code: '' } });
  const error = form.formState.errors.code?.message;

  const submit = form.handleSubmit(({ code }) =>
    enable.mutateAsync(code).then(
      ({ recoveryCodes }) => onEnabled(recoveryCodes),
      (failure: unknown) => {
        form.setValue('code', '');
        showRefusalOnField(failure, form.setError, 'code');
      },
    ),
  );

  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 space-y-3">
      <h3
        id={`${id}-title`}
        ref={headingRef}
        tabIndex={-1}
        className="text-base font-semibold text-slate-900 focus:outline-none"
      >
        {t(TWO_FACTOR_TEXT.setUpTitle)}
      </h3>
      <ol className="list-decimal space-y-4 pl-5 text-sm text-slate-700">
        <li className="space-y-2">
          <p>{t(TWO_FACTOR_TEXT.scanQr)}</p>
          <QrCode value={setup.otpauthUrl} label={t(TWO_FACTOR_TEXT.qrLabel)} />
          <p className="text-slate-600">{t(TWO_FACTOR_TEXT.typeKey)}</p>
          <code
            data-testid="two-factor-secret"
            className="block break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-base tracking-wider text-slate-900"
          >
            {keyInGroups(setup.secret)}
          </code>
        </li>
        <li>
          <p>{t(TWO_FACTOR_TEXT.enterCode)}</p>
          <form onSubmit={submit} noValidate className="mt-2 space-y-3">
            <Field id={`${id}-code`} label={t(TWO_FACTOR_TEXT.codeLabel)} error={error}>
              <CodeInput
                id={`${id}-code`}
                aria-required
                {...fieldErrorProps(`${id}-code`, error)}
                {...form.register('code')}
              />
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={enable.isPending}>
                {t(enable.isPending ? TWO_FACTOR_TEXT.turningOn : TWO_FACTOR_TEXT.turnOn)}
              </Button>
              <Button variant="secondary" onClick={onCancel} disabled={enable.isPending}>
                {t('Cancel')}
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </section>
  );
}
