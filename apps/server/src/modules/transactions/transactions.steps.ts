import type { FastifyInstance } from 'fastify';
import { eq, type SQL } from 'drizzle-orm';
import {
  decide,
  type ActorRole,
  type PartyRole,
  type TransactionAction,
  type TransactionStatus,
} from '@escrow/shared/domain/transaction-machine';
import { viewerRoleOf } from '@escrow/shared/domain/transaction-labels';
import { SERVER_EVENTS } from '@escrow/shared/events';
import type { Tx } from '../../db/client.ts';
import type { TransactionRow, transactions } from '../../db/schema/transactions.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/errors.ts';
import { recordActivity, type ActivityInput } from '../activities/activities.service.ts';
import {
  createNotification,
  type NotificationInput,
  type NotificationView,
} from '../notifications/notifications.service.ts';
import {
  findTransactionRecord,
  findTransactionRow,
  partiesOf,
  updateIfStatus,
  type PartyRecord,
} from './transactions.repository.ts';
import { fullName, toTransactionView } from './transactions.view.ts';

export const transactionNotFound = () => new AppError('NOT_FOUND', 'Transaction Not Found');
export const raceLost = () =>
  new AppError(
    'ILLEGAL_TRANSITION',
    'This transaction was just changed by another request. Please refresh and try again.',
  );

export type Actor = { kind: 'user'; userId: string } | { kind: 'system' };

export type StepContext = {
  tx: Tx;
  /** The row as read before the change. */
  row: TransactionRow;
  role: ActorRole;
  next: TransactionStatus;
  now: Date;
  actorId: string | null;
  actorName: string;
  parties: Map<string, PartyRecord>;
  /** The party ids by role (null while nobody has joined). */
  buyerId: string | null;
  sellerId: string | null;
};

type Patch = Partial<typeof transactions.$inferInsert>;

export type StepSpec = {
  transactionId: string;
  actor: Actor;
  action: TransactionAction;
  /** Overrides the membership rule (JOIN: the joiner is not a member yet). Return the actor's role. */
  authorize?: (row: TransactionRow, userId: string) => PartyRole;
  /** Checks that need the row; throw an AppError to refuse before anything is written. */
  check?: (ctx: StepContext) => Promise<void> | void;
  patch?: (ctx: StepContext) => Patch;
  /** An extra condition for the guarded update (e.g. `counterparty_id is null` for JOIN). */
  guard?: SQL;
  /** Money and other rows, written after the guarded update in the same database transaction. */
  effects?: (ctx: StepContext, updated: TransactionRow) => Promise<void>;
  activity: (
    ctx: StepContext,
    updated: TransactionRow,
  ) => Pick<ActivityInput, 'action' | 'description' | 'metadata'>;
  notifications: (ctx: StepContext, updated: TransactionRow) => NotificationInput[];
};

const partyIds = (row: TransactionRow) => {
  const byRole = (role: PartyRole) => (row.creatorRole === role ? row.creatorId : row.counterpartyId);
  return { buyerId: byRole('BUYER'), sellerId: byRole('SELLER') };
};

/**
 * Runs one state-machine step: reads the row, checks membership (404) and the transition table
 * (403/409), then writes the guarded status change, money, activity and notifications in ONE database
 * transaction. Live events go out only after commit.
 */
export async function runStep(app: FastifyInstance, spec: StepSpec): Promise<TransactionRow> {
  const { updated, notes } = await app.db.transaction((tx) => executeStep(app, tx, spec));
  await announceTransaction(app, updated.id, notes);
  return updated;
}

export type StepResult = { updated: TransactionRow; notes: NotificationView[] };

/** The step inside a caller's database transaction; the caller announces `notes` after commit. */
export async function executeStep(app: FastifyInstance, tx: Tx, spec: StepSpec): Promise<StepResult> {
  const row = await findTransactionRow(tx, spec.transactionId);
  if (!row) throw transactionNotFound();
  let role: ActorRole = 'SYSTEM';
  let actorId: string | null = null;
  if (spec.actor.kind === 'user') {
    actorId = spec.actor.userId;
    const member = spec.authorize ? spec.authorize(row, actorId) : viewerRoleOf(row, actorId);
    if (!member) throw transactionNotFound();
    role = member;
  }
  const decision = decide(row.status, spec.action, role, {
    useCourier: row.useCourier,
    hasCounterparty: row.counterpartyId !== null,
    hasDeliveryDetails: row.deliveryDetails !== null,
  });
  if (!decision.ok) throw new AppError(decision.code, decision.reason);

  const parties = await partiesOf(tx, row);
  if (actorId && !parties.has(actorId)) parties.set(actorId, await actorRecord(tx, actorId));
  const actor = actorId ? parties.get(actorId) : undefined;
  const ctx: StepContext = {
    tx,
    row,
    role,
    next: decision.next,
    now: app.clock.now(),
    actorId,
    actorName: actor ? fullName(actor) : 'System',
    parties,
    ...partyIds(row),
  };
  await spec.check?.(ctx);
  const changed = await updateIfStatus(
    tx,
    row.id,
    row.status,
    { ...spec.patch?.(ctx), status: decision.next, updatedAt: ctx.now },
    spec.guard,
  );
  if (!changed) throw raceLost();
  await spec.effects?.(ctx, changed);
  await recordActivity(tx, {
    ...spec.activity(ctx, changed),
    transactionId: row.id,
    userId: actorId,
    userName: ctx.actorName,
    userRole: role,
    at: ctx.now,
  });
  const written: NotificationView[] = [];
  for (const note of spec.notifications(ctx, changed)) written.push(await createNotification(tx, note));
  return { updated: changed, notes: written };
}

async function actorRecord(tx: Tx, userId: string): Promise<PartyRecord> {
  const [user] = await tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePicture: users.profilePicture,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw transactionNotFound();
  return user;
}

/**
 * After commit: `transaction:updated` to each party's user room (with their own view) and to any
 * other socket in the transaction room, plus a `notification` event per notification written.
 * A failed emit is logged, never turned into a failed request (the change is committed).
 */
export async function announceTransaction(
  app: FastifyInstance,
  transactionId: string,
  notes: NotificationView[] = [],
  event: string = SERVER_EVENTS.transactionUpdated,
): Promise<void> {
  try {
    const record = await findTransactionRecord(app.db, transactionId);
    if (!record) return;
    const { row } = record;
    const members = [row.creatorId, ...(row.counterpartyId ? [row.counterpartyId] : [])];
    for (const userId of members) {
      const transaction = toTransactionView(record, userId);
      app.realtime.toUser(userId, event, { transactionId, status: row.status, transaction });
    }
    const neutral = { ...toTransactionView(record, row.creatorId), invitation: null };
    app.realtime.toTransactionRoomExcept(transactionId, members, event, {
      transactionId,
      status: row.status,
      transaction: neutral,
    });
    for (const note of notes) app.realtime.toUser(note.userId, SERVER_EVENTS.notification, note);
  } catch (error) {
    app.log.error({ err: error, transactionId }, 'could not announce a transaction change');
  }
}
