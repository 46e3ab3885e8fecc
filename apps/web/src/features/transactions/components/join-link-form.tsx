import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { t } from '../../../lib/i18n';
import { joinLinkFormSchema } from '../lib/join-link';

/** The shape of a share link (a URL: the same in every language). */
const LINK_PLACEHOLDER = 'https://…/app/join-transaction/…';

/**
 * Join Existing Transaction: paste the share link; its last path segment is the invitation code. On
 * react-hook-form: a refused link is focused with its message beside it, which clears on edit.
 */
export function JoinLinkForm() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<z.input<typeof joinLinkFormSchema>, unknown, z.output<typeof joinLinkFormSchema>>({
    resolver: zodResolver(joinLinkFormSchema),
    defaultValues: { link: '' },
    // An edit clears the message; the link is checked again on the next submit.
    reValidateMode: 'onSubmit',
  });
  // The refusal is one of JOIN_LINK_TEXT's messages.
  const error = errors.link?.message ? t(errors.link.message) : undefined;

  const submit = handleSubmit(({ link: code }) =>
    navigate(`/app/join-transaction/${encodeURIComponent(code)}`),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field id="join-link" label={t('Transaction link')} error={error}>
        <Input
          id="join-link"
          autoComplete="off"
          placeholder={LINK_PLACEHOLDER}
          aria-required
          {...fieldErrorProps('join-link', error)}
          {...register('link', { onChange: () => clearErrors('link') })}
        />
      </Field>
      <Button type="submit" className="w-full">
        {t('Join Transaction')}
      </Button>
      <p className="text-center text-sm">
        <Link to="/app/transactions" className="font-medium text-brand-700 hover:underline">
          {t('Already joined the Transaction? Click here to confirm')}
        </Link>
      </p>
    </form>
  );
}
