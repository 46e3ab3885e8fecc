import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { EMPTY_AUDIT_FILTERS, type AuditFilters } from '../api/audit-log';
import { AUDIT_ACTIONS, auditActionLabel } from '../lib/labels';
import { Select } from '../../../components/ui/panels';

type Draft = Omit<AuditFilters, 'page'>;

/** Actor, action, target and a date range; applied together with Apply, so typing an id costs no calls. */
export function AuditLogFilters({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(filters);
  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));

  function apply(event: FormEvent) {
    event.preventDefault();
    onApply({ ...draft, page: 1 });
  }

  function clear() {
    setDraft(EMPTY_AUDIT_FILTERS);
    onApply(EMPTY_AUDIT_FILTERS);
  }

  return (
    <form
      onSubmit={apply}
      aria-label="Filter the audit log"
      className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-5"
    >
      <div>
        <Label htmlFor={`${id}-actor`}>Actor id</Label>
        <Input id={`${id}-actor`} value={draft.actor} maxLength={64} onChange={set('actor')} />
      </div>
      <div>
        <Label htmlFor={`${id}-action`}>Action</Label>
        <Select id={`${id}-action`} value={draft.action} onChange={set('action')}>
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {auditActionLabel(action)} ({action})
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor={`${id}-target`}>Target id</Label>
        <Input id={`${id}-target`} value={draft.targetId} maxLength={64} onChange={set('targetId')} />
      </div>
      <div>
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={draft.from}
          max={draft.to || undefined}
          onChange={set('from')}
        />
      </div>
      <div>
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          onChange={set('to')}
        />
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-5">
        <Button type="submit">Apply filters</Button>
        <Button variant="secondary" onClick={clear}>
          Clear
        </Button>
      </div>
    </form>
  );
}
