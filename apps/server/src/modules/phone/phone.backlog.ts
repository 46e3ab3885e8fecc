import type { DbOrTx } from '../../db/client.ts';
import { smsMessages } from '../../db/schema/phone.ts';
import { outboxState, type OutboxState } from '../../lib/outbox-state.ts';

/** The text-message outbox as the metrics show it; FAILED rows are kept 30 days. */
export type TextMessageOutboxState = OutboxState;

export function textMessageOutboxState(db: DbOrTx, now: Date): Promise<TextMessageOutboxState> {
  return outboxState(db, smsMessages, now);
}
