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

type FormInput = z.input<typeof createApiKeyBodySchema>;
type FormOutput = z.output<typeof createApiKeyBodySchema>;

export const SCOPE_DESCRIPTIONS: Record<(typeof API_KEY_SCOPES)[number], string> = {
  'transactions:read': 'Read your partner transactions',
  'transactions:write': 'Create transactions and take the seller’s steps',
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

  return (
    <Dialog
      open={open}
      onOpenChange={onDialogOpenChange}
      title="Create API key"
      description="A key lets your own systems use the partner API as you. Give each system its own key, so you can revoke one without the others."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field id={`${id}-name`} label="Key name" error={errors.name?.message}>
          <Input
            id={`${id}-name`}
            placeholder="Shop checkout"
            maxLength={100}
            autoComplete="off"
            aria-required
            {...fieldErrorProps(`${id}-name`, errors.name?.message)}
            {...register('name')}
          />
        </Field>
        <CheckboxList
          id={`${id}-scopes`}
          legend="Scopes"
          values={API_KEY_SCOPES}
          descriptions={SCOPE_DESCRIPTIONS}
          field={register('scopes')}
          error={scopesError}
        />
        <DialogFormFooter
          serverError={errors.root?.server?.message}
          pending={create.isPending}
          onCancel={close}
          submitLabel="Create key"
          pendingLabel="Creating..."
        />
      </form>
    </Dialog>
  );
}
