import { AUDIT_ACTIONS, type AuditAction } from '@escrow/shared/schemas/admin';
import type { Tx } from '../../db/client.ts';
import { auditLog, type AuditSummary } from '../../db/schema/audit.ts';

export { AUDIT_ACTIONS, type AuditAction };

export type AuditEntry = {
  actorId: string;
  action: AuditAction;
  targetType: 'dispute' | 'user' | 'document' | 'waitlist' | 'email' | 'refund' | 'text_message';
  targetId: string;
  summary: AuditSummary;
  requestId: string | null;
  at: Date;
};

/** Writes one audit row inside the caller's database transaction, so the action and its record commit together. */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    summary: entry.summary,
    requestId: entry.requestId,
    createdAt: entry.at,
  });
}
