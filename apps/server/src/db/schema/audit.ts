import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from '../columns.ts';
import { users } from './users.ts';

/**
 * Every staff action (docs/operations.md "Staff and the operator console"): who did what to which target, a
 * before/after summary, the request id. Append-only like the ledger: a trigger (migration 0006) refuses
 * UPDATE and DELETE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: text()
      .notNull()
      .references(() => users.id),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    summary: jsonb().$type<AuditSummary>().notNull(),
    requestId: text(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc()),
    index('audit_log_target_idx').on(t.targetId, t.createdAt.desc()),
    index('audit_log_action_idx').on(t.action, t.createdAt.desc()),
  ],
);
export type AuditSummary = {
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  note?: string;
};
export type AuditRow = typeof auditLog.$inferSelect;
