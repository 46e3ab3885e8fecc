import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { API_KEY_SCOPES, createApiKeyBodySchema } from '@escrow/shared/schemas/partner';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, fieldErrorProps } from '../../../components/ui/input';
import { useCreateApiKey, type CreatedApiKey } from '../api/api-keys';
import { useCreateDialogForm } from '../hooks/use-create-dialog-form';
import { CheckboxList, DialogFormFooter } from './form-parts';
import { msg } from '@escrow/shared/i18n/msg';
import { t } from '../../../lib/i18n';

type FormInput = z.input<typeof createApiKeyBodySchema>;
type FormOutput = z.output<typeof createApiKeyBodySchema>;

export const SCOPE_DESCRIPTIONS: Record<(typeof API_KEY_SCOPES)[number], string> = {
  'transactions:read': msg('Read your partner transactions'),
  'transactions:write': msg('Create transactions and take the seller’s steps'),
};

/** Names a new key and picks its scopes (the server's own schema checks both). */
export function CreateApiKeyDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const id = useId();
  const create = useCreateApiKey();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createApiKeyBodySchema),
    defaultValues: { name: '', scopes: [...API_KEY_SCOPES] },
  });
  const {
    register,
    formState: { errors },
  } = form;
  const { submit, close, onDialogOpenChange } = useCreateDialogForm(form, create, {
    onCreated,
    onOpenChange,
  });
  const scopesError = errors.scopes?.message ?? errors.scopes?.root?.message;
  const nameError = errors.name?.message ? t(errors.name.message) : undefined;

  return (
    <Dialog
      open={open}
      onOpenChange={onDialogOpenChange}
      title={t('Create API key')}
      description={t(
        'A key lets your own systems use the partner API as you. Give each system its own key, so you can revoke one without the others.',
      )}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field id={`${id}-name`} label={t('Key name')} error={nameError}>
          <Input
            id={`${id}-name`}
            placeholder={t('Shop checkout')}
            maxLength={100}
            autoComplete="off"
            aria-required
            {...fieldErrorProps(`${id}-name`, nameError)}
            {...register('name')}
          />
        </Field>
        <CheckboxList
          id={`${id}-scopes`}
          legend={t('Scopes')}
          values={API_KEY_SCOPES}
          descriptions={SCOPE_DESCRIPTIONS}
          field={register('scopes')}
          error={scopesError}
        />
        <DialogFormFooter
          serverError={errors.root?.server?.message}
          pending={create.isPending}
          onCancel={close}
          submitLabel={t('Create key')}
          pendingLabel={t('Creating...')}
        />
      </form>
    </Dialog>
  );
}
