import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from '@escrow/shared/schemas/admin';

export { AUDIT_ACTION_LABELS, AUDIT_ACTIONS };
export type AuditActionName = AuditAction;

export const auditActionLabel = (action: string) =>
  (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
