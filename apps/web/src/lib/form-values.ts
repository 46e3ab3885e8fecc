import { readTypedAmount } from '@escrow/shared/domain/money';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';
import { t } from './i18n';

/*
 * react-hook-form `setValueAs` readers: a typed field becomes what the shared zod schema checks, so the
 * schema (the server's own) decides and words every message. Blank is undefined (the schema says whether
 * it is required); text that is not a number is NaN, which the schema refuses with the field's message.
 */

/** An amount field, read by the app's one typed-amount reader ('₦1,250.50' → 1250.5). */
export function amountValue(text: unknown): number | undefined {
  if (typeof text === 'number') return text;
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  return readTypedAmount(text) ?? Number.NaN;
}

/** A plain number field (weight, days): digits with an optional decimal point only. */
export function numberValue(text: unknown): number | undefined {
  if (typeof text === 'number') return text;
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  const cleaned = text.trim();
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** A select whose empty option means 'not chosen'. */
export function choiceValue(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export type FieldIssue = { field: string; message: string };

/** The per-field messages of a 400 (the server's `details`), or none. */
export function serverFieldIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError) || error.status !== 400 || !Array.isArray(error.details)) return [];
  return error.details.filter(
    (d): d is FieldIssue =>
      typeof d === 'object' && d !== null && typeof d.field === 'string' && typeof d.message === 'string',
  );
}

/**
 * Puts a 400's per-field messages (the server's `details`) on the form's fields, the first one focused.
 * `fieldOf` maps the server's path to the form's field (null: not a field of this form). Returns the
 * fields it marked, so the caller can tell whether anything was shown.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldOf: (serverPath: string) => Path<T> | null = (path) => path as Path<T>,
): Path<T>[] {
  const marked: Path<T>[] = [];
  for (const issue of serverFieldIssues(error)) {
    const field = fieldOf(issue.field);
    if (!field || marked.includes(field)) continue;
    setError(field, { type: 'server', message: issue.message }, { shouldFocus: marked.length === 0 });
    marked.push(field);
  }
  return marked;
}

/**
 * A refused request on a one-purpose form (a reason, a note): a 400's per-field messages go on their
 * fields; any other refusal ('This user is already suspended') goes on `field`, focused, so the message
 * sits where the user will fix or reconsider it.
 */
export function showRefusalOnField<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  field: Path<T>,
) {
  if (showServerFieldErrors(error, setError).length) return;
  const message = error instanceof Error && error.message ? error.message : t('Request failed');
  setError(field, { type: 'server', message }, { shouldFocus: true });
}
