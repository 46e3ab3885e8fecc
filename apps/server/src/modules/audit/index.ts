/** The audit log of staff actions: written inside each action's database transaction, append-only. */
export { AUDIT_ACTIONS, recordAudit, type AuditAction, type AuditEntry } from './audit.service.ts';
export { listAudit, type AuditFilter } from './audit.list.ts';
