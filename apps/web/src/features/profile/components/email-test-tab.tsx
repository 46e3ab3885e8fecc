import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { EMAIL_TEXT, emailSendSchema, type EmailResult } from '@escrow/shared/schemas/email';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/panels';
import { showServerFieldErrors } from '../../../lib/form-values';
import { t } from '../../../lib/i18n';
import { sendEmail, sendTestEmail } from '../api/profile';

type Outcome = { ok: true; result: EmailResult } | { ok: false; error: string } | null;

function OutcomePanel({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  if (!outcome.ok)
    return (
      <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
        {outcome.error}
      </p>
    );
  const { result } = outcome;
  return (
    <div role="status" className="mt-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
      <p>
        {result.transport === 'smtp'
          ? t('Sent to {to} through the SMTP server.', { to: result.to })
          : t('Sent to {to} into the outbox (no SMTP server is set).', { to: result.to })}
      </p>
      <p className="break-all text-xs">{t('Message id: {id}', { id: result.messageId })}</p>
      {result.outboxFile ? (
        <p className="break-all text-xs">{t('Outbox file: {file}', { file: result.outboxFile })}</p>
      ) : null}
    </div>
  );
}

const errorText = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/** Staff only (docs/security.md): send a test or a custom message through the configured transport. */
export function EmailTestTab({ email }: { email: string }) {
  const [testOutcome, setTestOutcome] = useState<Outcome>(null);
  const [testing, setTesting] = useState(false);
  const [sendOutcome, setSendOutcome] = useState<Outcome>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(emailSendSchema),
    defaultValues: { to: '', subject: '', message: '' },
  });

  const test = async () => {
    setTesting(true);
    try {
      setTestOutcome({ ok: true, result: await sendTestEmail() });
    } catch (error) {
      toast.error(t(EMAIL_TEXT.testFailed));
      setTestOutcome({ ok: false, error: errorText(error, t(EMAIL_TEXT.testFailed)) });
    } finally {
      setTesting(false);
    }
  };
  const send = handleSubmit(async (input) => {
    try {
      setSendOutcome({ ok: true, result: await sendEmail(input) });
      toast.success(t(EMAIL_TEXT.sent));
    } catch (error) {
      toast.error(t(EMAIL_TEXT.sendFailed));
      // A 400 naming a field says why beside it; anything else is the outcome under the form.
      if (showServerFieldErrors(error, setError).length) return setSendOutcome(null);
      setSendOutcome({ ok: false, error: errorText(error, t(EMAIL_TEXT.sendFailed)) });
    }
  });

  return (
    <div className="space-y-4">
      <Card>
        <CardTitle>{t('Test the e-mail configuration')}</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          {t('Sends a short test message to {email}.', { email })}
        </p>
        <Button className="mt-3" onClick={() => void test()} disabled={testing}>
          {testing ? t('Sending...') : t('Send test e-mail')}
        </Button>
        <OutcomePanel outcome={testOutcome} />
      </Card>
      <Card>
        <CardTitle>{t('Send an e-mail')}</CardTitle>
        <form onSubmit={send} noValidate className="mt-4 grid gap-4">
          <Field id="email-to" label={t('To')} error={errors.to?.message}>
            <Input
              id="email-to"
              type="email"
              {...fieldErrorProps('email-to', errors.to?.message)}
              {...register('to')}
            />
          </Field>
          <Field id="email-subject" label={t('Subject')} error={errors.subject?.message}>
            <Input
              id="email-subject"
              {...fieldErrorProps('email-subject', errors.subject?.message)}
              {...register('subject')}
            />
          </Field>
          <Field id="email-message" label={t('Message')} error={errors.message?.message}>
            <Textarea
              id="email-message"
              rows={5}
              {...fieldErrorProps('email-message', errors.message?.message)}
              {...register('message')}
            />
          </Field>
          <div>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t('Sending...') : t('Send e-mail')}
            </Button>
          </div>
        </form>
        <OutcomePanel outcome={sendOutcome} />
      </Card>
    </div>
  );
}
