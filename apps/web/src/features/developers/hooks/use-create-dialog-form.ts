import type { UseMutationResult } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { showServerFieldErrors } from '../../../lib/form-values';
import { errorText } from '../components/confirm-dialog';

/**
 * The life of a dialog that creates something (a key, an endpoint): submit through the mutation,
 * the server's field errors on their fields and any other failure above the buttons, a cleared form
 * after success or when closed, and no closing while the request runs.
 */
export function useCreateDialogForm<Input extends FieldValues, Output, Created>(
  form: UseFormReturn<Input, unknown, Output>,
  mutation: UseMutationResult<Created, Error, Output>,
  {
    onCreated,
    onOpenChange,
  }: { onCreated: (created: Created) => void; onOpenChange: (open: boolean) => void },
) {
  const close = () => {
    form.reset();
    mutation.reset();
    onOpenChange(false);
  };
  const submit = form.handleSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: (created) => {
        form.reset();
        onCreated(created);
      },
      onError: (failure) => {
        if (showServerFieldErrors(failure, form.setError).length) return;
        form.setError('root.server', { message: errorText(failure) });
      },
    }),
  );
  const onDialogOpenChange = (next: boolean) => {
    if (next) onOpenChange(true);
    else if (!mutation.isPending) close();
  };
  return { submit, close, onDialogOpenChange };
}
