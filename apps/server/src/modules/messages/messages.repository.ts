import { and, count, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Attachment, Conversation, MessageType } from '@escrow/shared/schemas/messages';
import type { DbOrTx } from '../../db/client.ts';
import type { MessageParams } from '../../lib/i18n.ts';
import { messages, type MessageRow } from '../../db/schema/messages.ts';
import { tradeDirectory, uploadDirectory, userDirectory } from '../../db/schema/published.ts';
import { AppError } from '../../lib/errors.ts';
import { MESSAGE_TEXT } from '@escrow/shared/schemas/messages';
import { toMessageView } from './messages.view.ts';

/*
 * Trades, files and people belong to other modules: their rows are read here through the directories
 * those modules publish (db/schema/published.ts), in the same queries as before. The transactions module
 * imports this one (and uploads imports transactions), so their doors would form a cycle.
 */

/** A conversation as its member sees it: the transaction, the other party. */
export type Membership = {
  transactionId: string;
  description: string;
  status: string;
  createdAt: Date;
  me: { id: string; role: 'BUYER' | 'SELLER' };
  other: { id: string; role: 'BUYER' | 'SELLER' } | null;
};

const opposite = (role: 'BUYER' | 'SELLER') => (role === 'BUYER' ? 'SELLER' : 'BUYER');

/** The caller's membership of a transaction, or 404 (a stranger learns nothing). */
export async function membership(db: DbOrTx, transactionId: string, userId: string): Promise<Membership> {
  const [row] = await db
    .select({
      id: tradeDirectory.id,
      description: tradeDirectory.description,
      status: tradeDirectory.status,
      createdAt: tradeDirectory.createdAt,
      creatorId: tradeDirectory.creatorId,
      creatorRole: tradeDirectory.creatorRole,
      counterpartyId: tradeDirectory.counterpartyId,
    })
    .from(tradeDirectory)
    .where(
      and(
        eq(tradeDirectory.id, transactionId),
        or(eq(tradeDirectory.creatorId, userId), eq(tradeDirectory.counterpartyId, userId)),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', MESSAGE_TEXT.notFound);
  const creator = row.creatorId === userId;
  const myRole = creator ? row.creatorRole : opposite(row.creatorRole);
  const otherId = creator ? row.counterpartyId : row.creatorId;
  return {
    transactionId: row.id,
    description: row.description,
    status: row.status,
    createdAt: row.createdAt,
    me: { id: userId, role: myRole },
    other: otherId ? { id: otherId, role: opposite(myRole) } : null,
  };
}

export async function insertMessage(
  db: DbOrTx,
  input: {
    transactionId: string;
    senderId: string | null;
    receiverId: string | null;
    content: string;
    params?: MessageParams;
    messageType: MessageType;
    attachments?: Attachment[];
    offPlatform?: boolean;
    at: Date;
  },
): Promise<MessageRow> {
  const [row] = await db
    .insert(messages)
    .values({
      transactionId: input.transactionId,
      senderId: input.senderId,
      receiverId: input.receiverId,
      content: input.content,
      params: input.params ?? {},
      messageType: input.messageType,
      attachments: input.attachments ?? [],
      offPlatform: input.offPlatform ?? false,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning();
  return row!;
}

/** The sender's own chat uploads for this transaction, in the order given; anything else is refused. */
export async function attachmentsFor(
  db: DbOrTx,
  ids: string[],
  transactionId: string,
  ownerId: string,
): Promise<Attachment[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: uploadDirectory.id,
      filename: uploadDirectory.filename,
      size: uploadDirectory.size,
      mimeType: uploadDirectory.mimeType,
    })
    .from(uploadDirectory)
    .where(
      and(
        inArray(uploadDirectory.id, ids),
        eq(uploadDirectory.ownerId, ownerId),
        eq(uploadDirectory.transactionId, transactionId),
        eq(uploadDirectory.purpose, 'chat_attachment'),
      ),
    );
  if (rows.length !== new Set(ids).size) throw new AppError('VALIDATION_ERROR', MESSAGE_TEXT.attachment);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return [...new Set(ids)].map((id) => {
    const r = byId.get(id)!;
    return {
      id: r.id,
      filename: r.filename,
      fileSize: r.size,
      mimeType: r.mimeType,
      fileUrl: `/api/uploads/${r.id}`,
    };
  });
}

/** Whether a message of the conversation carries the upload (a deleted message carries none). */
export async function carriesAttachment(db: DbOrTx, transactionId: string, uploadId: string) {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.transactionId, transactionId),
        sql`${messages.attachments} @> ${JSON.stringify([{ id: uploadId }])}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A page of a conversation, newest first from `before` (exclusive); the caller reverses it. */
export async function pageOfMessages(db: DbOrTx, transactionId: string, limit: number, before?: MessageRow) {
  const conditions: SQL[] = [eq(messages.transactionId, transactionId)];
  if (before)
    conditions.push(
      or(
        lt(messages.createdAt, before.createdAt),
        and(eq(messages.createdAt, before.createdAt), lt(messages.id, before.id)),
      )!,
    );
  const rows = await db
    .select()
    .from(messages)
    .where(and(...conditions))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

export async function findMessage(db: DbOrTx, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}

const unreadFor = (userId: string) =>
  and(eq(messages.receiverId, userId), isNull(messages.readAt), isNull(messages.deletedAt));

export async function unreadMessageCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(messages).where(unreadFor(userId));
  return row?.n ?? 0;
}

/** Marks read what `userId` received in the conversation (optionally one message); answers the rows. */
export async function markRead(db: DbOrTx, userId: string, transactionId: string, at: Date, id?: string) {
  return db
    .update(messages)
    .set({ readAt: at })
    .where(
      and(unreadFor(userId), eq(messages.transactionId, transactionId), ...(id ? [eq(messages.id, id)] : [])),
    )
    .returning({ id: messages.id, senderId: messages.senderId });
}

/**
 * The caller's conversations (transactions with both parties), most recently active first, each with
 * its last message and the caller's unread count.
 */
export async function listConversations(db: DbOrTx, userId: string, limit = 100): Promise<Conversation[]> {
  const mine = or(eq(tradeDirectory.creatorId, userId), eq(tradeDirectory.counterpartyId, userId));
  const rows = await db
    .select({
      id: tradeDirectory.id,
      description: tradeDirectory.description,
      status: tradeDirectory.status,
      creatorId: tradeDirectory.creatorId,
      creatorRole: tradeDirectory.creatorRole,
      counterpartyId: tradeDirectory.counterpartyId,
      createdAt: tradeDirectory.createdAt,
      updatedAt: tradeDirectory.updatedAt,
      lastContent: sql<
        string | null
      >`(select case when m.deleted_at is null then m.content else ${MESSAGE_TEXT.deleted} end from messages m where m.transaction_id = "trade_directory"."id" order by m.created_at desc, m.id desc limit 1)`,
      lastAt: sql<
        string | null
      >`(select extract(epoch from m.created_at) * 1000 from messages m where m.transaction_id = "trade_directory"."id" order by m.created_at desc, m.id desc limit 1)`,
      unread:
        sql<number>`(select count(*) from messages m where m.transaction_id = "trade_directory"."id" and m.receiver_id = ${userId} and m.read_at is null and m.deleted_at is null)`.mapWith(
          Number,
        ),
    })
    .from(tradeDirectory)
    // Both parties joined (a brokered trade's seller side is empty until its seller joins).
    .where(
      and(
        mine,
        sql`${tradeDirectory.counterpartyId} is not null and ${tradeDirectory.creatorId} is not null`,
      ),
    )
    .orderBy(desc(tradeDirectory.updatedAt))
    .limit(limit);
  const people = await namesOf(
    db,
    rows.flatMap((r) => [r.creatorId!, r.counterpartyId!]),
  );
  const conversations = rows.map((r) => {
    const counterpartyRole = opposite(r.creatorRole);
    const lastAt = r.lastAt ? new Date(Number(r.lastAt)) : null;
    return {
      id: r.id,
      transactionId: r.id,
      participants: [r.creatorId!, r.counterpartyId!],
      participantDetails: [
        {
          userId: r.creatorId!,
          name: people.get(r.creatorId!)?.name ?? '',
          role: r.creatorRole,
          lastSeen: people.get(r.creatorId!)?.lastSeen ?? null,
        },
        {
          userId: r.counterpartyId!,
          name: people.get(r.counterpartyId!)?.name ?? '',
          role: counterpartyRole,
          lastSeen: people.get(r.counterpartyId!)?.lastSeen ?? null,
        },
      ],
      lastMessage:
        r.lastContent !== null && lastAt ? { content: r.lastContent, timestamp: lastAt.toISOString() } : null,
      unreadCount: r.unread,
      transactionDetails: { description: r.description, status: r.status },
      createdAt: r.createdAt.toISOString(),
      updatedAt: (lastAt && lastAt > r.updatedAt ? lastAt : r.updatedAt).toISOString(),
    } satisfies Conversation;
  });
  return conversations.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/** Names, and when each person was last seen live (messages.presence.ts writes it, on any instance). */
export async function namesOf(db: DbOrTx, ids: string[]) {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map<string, { name: string; lastSeen: string | null }>();
  const rows = await db
    .select({
      id: userDirectory.id,
      firstName: userDirectory.firstName,
      lastName: userDirectory.lastName,
      lastSeen: sql<
        string | null
      >`(select extract(epoch from p.last_seen_at) * 1000 from user_presence p where p.user_id = "user_directory"."id")`,
    })
    .from(userDirectory)
    .where(inArray(userDirectory.id, wanted));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        name: `${r.firstName} ${r.lastName}`.trim(),
        lastSeen: r.lastSeen ? new Date(Number(r.lastSeen)).toISOString() : null,
      },
    ]),
  );
}

/**
 * A transaction's whole chat as staff read it through a dispute (oldest first, the newest 500), with the
 * senders' names; no receiver-specific warning.
 */
export async function chatForStaff(db: DbOrTx, transactionId: string) {
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.transactionId, transactionId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(500);
  const names = await namesOf(
    db,
    rows.flatMap((r) => (r.senderId ? [r.senderId] : [])),
  );
  return rows.reverse().map((row) => ({
    ...toMessageView(row, ''),
    senderName: row.senderId ? (names.get(row.senderId)?.name ?? '') : null,
  }));
}

/** Wipes a message's content and files; the row stays ('This message was deleted'). */
export async function softDelete(db: DbOrTx, id: string, at: Date): Promise<MessageRow> {
  const [row] = await db
    .update(messages)
    .set({ deletedAt: at, content: '', attachments: [], updatedAt: at })
    .where(eq(messages.id, id))
    .returning();
  return row!;
}

export async function messageStats(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      sent: sql<number>`count(*) filter (where ${messages.senderId} = ${userId})`.mapWith(Number),
      received: sql<number>`count(*) filter (where ${messages.receiverId} = ${userId})`.mapWith(Number),
      unread:
        sql<number>`count(*) filter (where ${messages.receiverId} = ${userId} and ${messages.readAt} is null and ${messages.deletedAt} is null)`.mapWith(
          Number,
        ),
    })
    .from(messages)
    .where(or(eq(messages.senderId, userId), eq(messages.receiverId, userId)));
  const [conversations] = await db
    .select({ n: count() })
    .from(tradeDirectory)
    .where(
      and(
        or(eq(tradeDirectory.creatorId, userId), eq(tradeDirectory.counterpartyId, userId)),
        sql`${tradeDirectory.counterpartyId} is not null`,
      ),
    );
  return {
    totalConversations: conversations?.n ?? 0,
    unreadMessages: row?.unread ?? 0,
    messagesSent: row?.sent ?? 0,
    messagesReceived: row?.received ?? 0,
  };
}

/**
 * Each word of the search as a prefix ('rec' finds 'receipt.png'), all required; only letters and digits
 * reach to_tsquery, so no input can make it fail.
 */
export function prefixQuery(q: string): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/** Full-text search over the caller's own conversations (the GIN index on the generated tsvector). */
export async function searchMessages(
  db: DbOrTx,
  userId: string,
  query: { q: string; transactionId?: string; type?: string; hasFiles?: 'true' | 'false'; since?: string },
) {
  const tsquery = prefixQuery(query.q);
  if (!tsquery) return [];
  const conditions: SQL[] = [
    sql`messages.search @@ to_tsquery('simple', ${tsquery})`,
    isNull(messages.deletedAt),
    or(eq(tradeDirectory.creatorId, userId), eq(tradeDirectory.counterpartyId, userId))!,
  ];
  if (query.transactionId) conditions.push(eq(messages.transactionId, query.transactionId));
  if (query.type) conditions.push(eq(messages.messageType, query.type as MessageType));
  if (query.hasFiles === 'true') conditions.push(sql`jsonb_array_length(${messages.attachments}) > 0`);
  if (query.since) conditions.push(sql`${messages.createdAt} >= ${query.since}::timestamptz`);
  return db
    .select({ message: messages, description: tradeDirectory.description })
    .from(messages)
    .innerJoin(tradeDirectory, eq(tradeDirectory.id, messages.transactionId))
    .where(and(...conditions))
    .orderBy(desc(messages.createdAt))
    .limit(50);
}

/** A conversation not opened yet (no counterparty): the caller's own side only. */
export async function pendingConversation(db: DbOrTx, member: Membership): Promise<Conversation> {
  const names = await namesOf(db, [member.me.id]);
  const me = names.get(member.me.id);
  return {
    id: member.transactionId,
    transactionId: member.transactionId,
    participants: [member.me.id],
    participantDetails: [
      { userId: member.me.id, name: me?.name ?? '', role: member.me.role, lastSeen: me?.lastSeen ?? null },
    ],
    lastMessage: null,
    unreadCount: 0,
    transactionDetails: { description: member.description, status: member.status },
    createdAt: member.createdAt.toISOString(),
    updatedAt: member.createdAt.toISOString(),
  };
}
