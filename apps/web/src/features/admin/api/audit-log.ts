import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { auditLogSchema } from '@escrow/shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { lagosMoment } from '../../../lib/dates';
import { adminKeys } from './admin-keys';

export type AuditLog = z.infer<typeof auditLogSchema>;
export const AUDIT_PAGE_SIZE = 50;

/** The filter form's values; dates are Lagos calendar days (yyyy-mm-dd), whatever the operator's zone. */
export type AuditFilters = {
  actor: string;
  action: string;
  targetId: string;
  from: string;
  to: string;
  page: number;
};

export const EMPTY_AUDIT_FILTERS: AuditFilters = {
  actor: '',
  action: '',
  targetId: '',
  from: '',
  to: '',
  page: 1,
};

const dayStart = (day: string) => lagosMoment(day).toISOString();
const dayEnd = (day: string) => lagosMoment(day, '23:59:59.999').toISOString();
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** GET /admin/audit-log query string: 'to' includes the whole day; blank filters are left out. */
export function auditLogQueryString(filters: AuditFilters): string {
  const params = new URLSearchParams();
  if (filters.actor.trim()) params.set('actor', filters.actor.trim());
  if (filters.action) params.set('action', filters.action);
  if (filters.targetId.trim()) params.set('targetId', filters.targetId.trim());
  if (isDay(filters.from)) params.set('from', dayStart(filters.from));
  if (isDay(filters.to)) params.set('to', dayEnd(filters.to));
  params.set('page', String(filters.page));
  params.set('limit', String(AUDIT_PAGE_SIZE));
  return params.toString();
}

export const auditLogQuery = (filters: AuditFilters) => {
  const queryString = auditLogQueryString(filters);
  return queryOptions({
    queryKey: adminKeys.auditLog(queryString),
    queryFn: ({ signal }) => api<AuditLog>(`/admin/audit-log?${queryString}`, { signal }),
    placeholderData: keepPreviousData,
  });
};
