import type { SQL } from 'drizzle-orm';
import {
  decide,
  type ActorRole,
  type PartyRole,
  type TransactionAction,
  type TransactionStatus,
  type TransitionFacts,
} from '@escrow/shared/domain/transaction-machine';
import { viewerRoleOf } from '@escrow/shared/domain/transaction-labels';
import { webhookEventsFor } from '@escrow/shared/domain/webhook-events';
import { SERVER_EVENTS } from '@escrow/shared/events';
import type { Tx } from '../../db/client.ts';
import type { TransactionRow, transactions } from '../../db/schema/transactions.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { AppError } from '../../lib/errors.ts';
import { recordActivity, type ActivityInput } from '../activities/index.ts';
import { userCardOf } from '../auth/index.ts';
import { postSystemMessage } from '../messages/index.ts';
import { enqueueWebhookEvent } from '../webhooks/index.ts';
import {
  createNotification,
  pushNotification,
  type NotificationInput,
  type NotificationView,
} from '../notifications/index.ts';
import type { StepDeps } from './transactions.deps.ts';
import {
  findTransactionRecord,
  loadMilestones,
  updateIfStatus,
  type PartyRecord,
  type TransactionRecord,
} from './transactions.repository.ts';
import { fullName, toTransactionView } from './transactions.view.ts';

export const transactionNotFound = () => new AppError('NOT_FOUND', msg('Transaction Not Found'));
export const raceLost = () =>
  new AppError(
    'ILLEGAL_TRANSITION',
    msg('This transaction was just changed by another request. Please refresh and try again.'),
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

/**
 * One step of the state machine. `T` is what `effects` returns (a payment condition, a list) so a
 * route answers from what the step wrote, never from a second read.
 */
export type StepSpec<T = void> = {
  transactionId: string;
  actor: Actor;
  action: TransactionAction;
  /** Facts the row does not hold (a dispute's resolution passes the status before the dispute). */
  facts?: Partial<TransitionFacts>;
  /** Overrides the membership rule (JOIN: the joiner is not a member yet). Return the actor's role. */
  authorize?: (row: TransactionRow, userId: string) => PartyRole;
  /**
   * A brokered trade's broker may take this step (as BROKER; the state machine lets it cancel only).
   * Only the partner API sets it: in the app the broker only reads.
   */
  allowBroker?: boolean;
  /** Checks that need the row; throw an AppError to refuse before anything is written. */
  check?: (ctx: StepContext) => Promise<void> | void;
  patch?: (ctx: StepContext) => Patch;
  /** An extra condition for the guarded update (e.g. `counterparty_id is null` for JOIN). */
  guard?: SQL;
  /** Money and other rows, written after the guarded update in the same database transaction. */
  effects?: (ctx: StepContext, updated: TransactionRow) => Promise<T>;
  activity: (
    ctx: StepContext,
    updated: TransactionRow,
  ) => Pick<ActivityInput, 'action' | 'description' | 'params' | 'metadata'>;
  notifications: (ctx: StepContext, updated: TransactionRow) => NotificationInput[];
};

/** The record as the step left it (read inside its database transaction), its notifications, its effect. */
export type StepResult<T = void> = { record: TransactionRecord; notes: NotificationView[]; effect: T };

const partyIds = (row: TransactionRow) => {
  const byRole = (role: PartyRole) => (row.creatorRole === role ? row.creatorId : row.counterpartyId);
  return { buyerId: byRole('BUYER'), sellerId: byRole('SELLER') };
};

/**
 * Runs one state-machine step: reads the record, checks membership (404) and the transition table
 * (403/409), then writes the guarded status change, money, activity and notifications in ONE database
 * transaction. Live events go out only after commit, from the record the step read: nothing is read
 * twice.
 */
export async function runStep<T = void>(deps: StepDeps, spec: StepSpec<T>): Promise<StepResult<T>> {
  const result = await deps.db.transaction((tx) => executeStep(deps, tx, spec));
  announceTransaction(deps, result.record, result.notes);
  return result;
}

/**
 * The step inside a caller's database transaction; the caller announces the result after commit.
 * Every status change goes through here, and so does every payment-condition change (an action that
 * keeps the status): the guarded update then only locks the row and proves the status did not move.
 */
export async function executeStep<T = void>(
  deps: Pick<StepDeps, 'clock'>,
  tx: Tx,
  spec: StepSpec<T>,
): Promise<StepResult<T>> {
  const record = await findTransactionRecord(tx, spec.transactionId);
  if (!record) throw transactionNotFound();
  const { row } = record;
  let role: ActorRole = 'SYSTEM';
  let actorId: string | null = null;
  if (spec.actor.kind === 'user') {
    actorId = spec.actor.userId;
    const member = spec.authorize ? spec.authorize(row, actorId) : viewerRoleOf(row, actorId);
    const broker = spec.allowBroker && row.brokerId !== null && row.brokerId === actorId;
    if (!member && !broker) throw transactionNotFound();
    role = member ?? 'BROKER';
  }
  const decision = decide(row.status, spec.action, role, {
    useCourier: row.useCourier,
    hasCounterparty: row.counterpartyId !== null,
    hasDeliveryDetails: row.deliveryDetails !== null,
    shippingType: row.shippingType,
    ...milestoneFacts(record),
    ...spec.facts,
  });
  if (!decision.ok) throw new AppError(decision.code, decision.reason, undefined, undefined, decision.params);

  const parties = new Map<string, PartyRecord>();
  if (record.creator) parties.set(record.creator.id, record.creator);
  if (record.counterparty) parties.set(record.counterparty.id, record.counterparty);
  if (record.broker) parties.set(record.broker.id, record.broker);
  if (actorId && !parties.has(actorId)) parties.set(actorId, await actorRecord(tx, actorId));
  const actor = actorId ? parties.get(actorId) : undefined;
  const ctx: StepContext = {
    tx,
    row,
    role,
    next: decision.next,
    now: deps.clock.now(),
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
  const effect = (await spec.effects?.(ctx, changed)) as T;
  const activity = spec.activity(ctx, changed);
  await recordActivity(tx, {
    ...activity,
    transactionId: row.id,
    userId: actorId,
    userName: ctx.actorName,
    // The activity feed knows buyer, seller and system; the broker's one step (cancel) is by name.
    userRole: role === 'BROKER' ? 'SYSTEM' : role,
    at: ctx.now,
  });
  // Every step also speaks in the conversation once it is open (both parties); the chat refetches on
  // the transaction:updated event that follows the commit.
  if (changed.counterpartyId && changed.creatorId)
    await postSystemMessage(tx, row.id, activity.description, ctx.now, activity.params);
  const notes: NotificationView[] = [];
  for (const note of spec.notifications(ctx, changed)) notes.push(await createNotification(tx, note));
  const counterparty = changed.counterpartyId ? (parties.get(changed.counterpartyId) ?? null) : null;
  // A brokered trade's seller joins into the creator side.
  const creator = changed.creatorId ? (parties.get(changed.creatorId) ?? null) : null;
  // A milestone step (or a settlement) changed milestones: the answer and the live event carry them now.
  const milestones = changed.hasMilestones ? { milestones: await loadMilestones(tx, row.id) } : {};
  const final: TransactionRecord = { ...record, row: changed, creator, counterparty, ...milestones };
  // Partners' webhook events go to the outbox in this database transaction: sent only if it commits.
  for (const type of webhookEventsFor(spec.action, row.status, changed.status))
    await enqueueWebhookEvent(tx, {
      type,
      now: ctx.now,
      // A brokered trade's broker is sent its events too (it is the partner whose transaction it is).
      userIds: [changed.creatorId, changed.counterpartyId, changed.brokerId],
      data: (ownerId) => ({ transaction: toTransactionView(final, ownerId) }),
    });
  return { record: final, notes, effect };
}

/** What the machine needs to know of a milestone trade: open milestones and whether any was released. */
export function milestoneFacts(record: TransactionRecord): Partial<TransitionFacts> {
  if (!record.row.hasMilestones) return {};
  const milestones = record.milestones ?? [];
  return {
    hasMilestones: true,
    openMilestones: milestones.filter((m) => m.status === 'PENDING' || m.status === 'DELIVERED').length,
    anyReleased: milestones.some((m) => m.status === 'RELEASED'),
    anyDelivered: milestones.some((m) => m.status !== 'PENDING'),
  };
}

async function actorRecord(tx: Tx, userId: string): Promise<PartyRecord> {
  const user = await userCardOf(tx, userId);
  if (!user) throw transactionNotFound();
  return user;
}

/**
 * After commit: `event` to each party's user room (with their own view) and to any other socket in
 * the transaction room, each notification written pushed to its user, and the money ones e-mailed. A
 * failure is logged, never turned into a failed request (the change is committed).
 */
export function announceTransaction(
  deps: StepDeps,
  record: TransactionRecord,
  notes: NotificationView[] = [],
  event: string = SERVER_EVENTS.transactionUpdated,
): void {
  const { row } = record;
  const transactionId = row.id;
  try {
    // The parties and a brokered trade's broker (who watches it read-only in the app).
    const members = [row.creatorId, row.counterpartyId, row.brokerId].filter(
      (id): id is string => id !== null,
    );
    for (const userId of members) {
      const transaction = toTransactionView(record, userId);
      deps.realtime.toUser(userId, event, { transactionId, status: row.status, transaction });
    }
    const neutral = { ...toTransactionView(record, members[0]!), invitation: null };
    deps.realtime.toTransactionRoomExcept(transactionId, members, event, {
      transactionId,
      status: row.status,
      transaction: neutral,
    });
    for (const note of notes) pushNotification(deps.realtime, note);
  } catch (error) {
    deps.log.error({ err: error, transactionId }, 'could not announce a transaction change');
  }
}
