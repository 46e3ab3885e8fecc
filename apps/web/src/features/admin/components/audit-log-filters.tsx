import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { auditLogQuerySchema } from '@escrow/shared/schemas/admin';
import { Button } from '../../../components/ui/button';
import { DateInput } from '../../../components/ui/date-input';
import { Field, fieldErrorProps, Input, Label } from '../../../components/ui/input';
import { Select } from '../../../components/ui/panels';
import { DATE_FORMAT_HINT, formatDisplayDate, parseDisplayDate } from '../../../lib/dates';
import { useFixAsYouType } from '../../../lib/use-fix-as-you-type';
import { EMPTY_AUDIT_FILTERS, type AuditFilters } from '../api/audit-log';
import { AUDIT_ACTIONS, auditActionLabel } from '../lib/labels';
import { msg } from '@escrow/shared/i18n/msg';
import { t } from '../../../lib/i18n';

/** The form's own messages (msg() texts): `dateFormat` is shown with `{ format: DATE_FORMAT_HINT }`. */
export const AUDIT_FILTER_TEXT = {
  dateFormat: msg('Enter the date as {format}'),
  toBeforeFrom: msg("'To' cannot be before 'From'"),
} as const;

/**
 * A day typed as dd/mm/yyyy, blank for none, read into the ISO day the URL and the query use. (The
 * server takes date-times; the query string makes each day whole, so the day rule lives here.)
 */
const typedDay = z
  .string()
  .trim()
  .refine((text) => text === '' || parseDisplayDate(text) !== null, AUDIT_FILTER_TEXT.dateFormat)
  .transform((text) => (text === '' ? '' : (parseDisplayDate(text) ?? '')));

/** The filters as typed: the ids keep the server's rules (trimmed, at most 64), the range is in order. */
const filtersSchema = z
  .object({
    actor: auditLogQuerySchema.shape.actor.unwrap(),
    action: z.string(),
    targetId: auditLogQuerySchema.shape.targetId.unwrap(),
    from: typedDay,
    to: typedDay,
  })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, {
    path: ['to'],
    message: AUDIT_FILTER_TEXT.toBeforeFrom,
  });
type FiltersInput = z.input<typeof filtersSchema>;
type FiltersOutput = z.output<typeof filtersSchema>;

const shownDay = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDisplayDate(day) : day);

/** Actor, action, target and a date range; applied together with Apply, so typing an id costs no calls. */
export function AuditLogFilters({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const id = useId();
  const form = useForm<FiltersInput, unknown, FiltersOutput>({
    resolver: zodResolver(filtersSchema),
    defaultValues: { ...filters, from: shownDay(filters.from), to: shownDay(filters.to) },
  });
  useFixAsYouType(form);
  const { errors } = form.formState;
  const apply = form.handleSubmit((values) => onApply({ ...values, page: 1 }));

  function clear() {
    form.reset({ actor: '', action: '', targetId: '', from: '', to: '' });
    onApply(EMPTY_AUDIT_FILTERS);
  }

  const date = (field: 'from' | 'to', label: string) => {
    const message = errors[field]?.message;
    const error = message ? t(message, { format: DATE_FORMAT_HINT }) : undefined;
    return (
      <Field id={`${id}-${field}`} label={label} error={error}>
        <DateInput
          id={`${id}-${field}`}
          {...fieldErrorProps(`${id}-${field}`, error)}
          {...form.register(field)}
        />
      </Field>
    );
  };

  return (
    <form
      onSubmit={apply}
      noValidate
      aria-label={t('Filter the audit log')}
      className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-5"
    >
      <div>
        <Label htmlFor={`${id}-actor`}>{t('Actor id')}</Label>
        <Input id={`${id}-actor`} maxLength={64} {...form.register('actor')} />
      </div>
      <div>
        <Label htmlFor={`${id}-action`}>{t('Action')}</Label>
        <Select id={`${id}-action`} {...form.register('action')}>
          <option value="">{t('All actions')}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(auditActionLabel(action))} ({action})
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor={`${id}-target`}>{t('Target id')}</Label>
        <Input id={`${id}-target`} maxLength={64} {...form.register('targetId')} />
      </div>
      <div>{date('from', t('From ({format})', { format: DATE_FORMAT_HINT }))}</div>
      <div>{date('to', t('To ({format})', { format: DATE_FORMAT_HINT }))}</div>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-5">
        <Button type="submit">{t('Apply filters')}</Button>
        <Button variant="secondary" onClick={clear}>
          {t('Clear')}
        </Button>
      </div>
    </form>
  );
}
