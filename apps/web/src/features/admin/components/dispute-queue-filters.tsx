import { useId } from 'react';
import { DISPUTE_PRIORITIES, DISPUTE_PRIORITY_META, DISPUTE_STATUSES } from '@escrow/shared/domain/disputes';
import { Label } from '../../../components/ui/input';
import { AGE_FILTERS, type QueueFilters } from '../api/dispute-queue';
import { DISPUTE_STATUS_LABELS } from '../../../widgets/disputes/dispute-labels';
import { Select } from '../../../components/ui/panels';
import { t } from '../../../lib/i18n';

export type QueueFilterChange = Partial<{ status: string; priority: string; age: string; mine: boolean }>;

/** Status, priority, age and 'assigned to me'; every change applies at once and starts at page 1. */
export function DisputeQueueFilters({
  filters,
  onChange,
}: {
  filters: QueueFilters;
  onChange: (change: QueueFilterChange) => void;
}) {
  const id = useId();
  return (
    <fieldset className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4">
      <legend className="sr-only">{t('Filter the queue')}</legend>
      <div>
        <Label htmlFor={`${id}-status`}>{t('Status')}</Label>
        <Select
          id={`${id}-status`}
          value={filters.status ?? ''}
          onChange={(event) => onChange({ status: event.target.value })}
        >
          <option value="">{t('All statuses')}</option>
          {DISPUTE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(DISPUTE_STATUS_LABELS[status])}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor={`${id}-priority`}>{t('Priority')}</Label>
        <Select
          id={`${id}-priority`}
          value={filters.priority ?? ''}
          onChange={(event) => onChange({ priority: event.target.value })}
        >
          <option value="">{t('All priorities')}</option>
          {DISPUTE_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {t(DISPUTE_PRIORITY_META[priority].label)}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor={`${id}-age`}>{t('Age')}</Label>
        <Select
          id={`${id}-age`}
          value={filters.olderThanHours ? String(filters.olderThanHours) : ''}
          onChange={(event) => onChange({ age: event.target.value })}
        >
          {AGE_FILTERS.map((age) => (
            <option key={age.value} value={age.value}>
              {t(age.label)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex items-end">
        <label className="flex h-10 items-center gap-2 text-sm font-medium text-slate-700">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-slate-300 accent-brand-700"
            checked={filters.assignedToMe}
            onChange={(event) => onChange({ mine: event.target.checked })}
          />
          {t('Assigned to me')}
        </label>
      </div>
    </fieldset>
  );
}
