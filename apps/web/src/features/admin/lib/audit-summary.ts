type Summary = { before?: Record<string, unknown>; after?: Record<string, unknown>; note?: string };
import { t } from '../../../lib/i18n';

const show = (value: unknown): string => {
  if (value === undefined) return '—';
  if (value === null) return t('none');
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/**
 * One line per field an audit row touched: 'status: OPEN → IN_REVIEW'; a field only before or only
 * after shows '—' on the missing side. The note (a reason, an internal note) stays separate.
 */
export function auditChanges(summary: Summary): string[] {
  const before = summary.before ?? {};
  const after = summary.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => `${field}: ${show(before[field])} → ${show(after[field])}`);
}
