import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * Once a field shows a message (after Continue or Next), it is checked again as it is edited, so the
 * message follows the fix. Fields are not checked on blur: a message appearing on blur moves the button
 * being pressed, and the press lands on nothing (seen in Chromium on the create wizard).
 */
export function useFixAsYouType<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>) {
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (name && form.getFieldState(name).invalid) void form.trigger(name);
    });
    return () => subscription.unsubscribe();
  }, [form]);
}
