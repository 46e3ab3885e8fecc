import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userPresence } from '../../db/schema/presence.ts';
import type { MessagesDeps } from './messages.deps.ts';

/** A connected user's last-seen time is rewritten at most this often (and on connect and disconnect). */
export const PRESENCE_REFRESH_MS = 60_000;
/** How often this instance looks for connected users whose refresh is due (no query when none is). */
const SWEEP_MS = 5_000;

/** Records that these users were seen at `at` (never moves a later time back). */
export async function touchPresence(db: DbOrTx, userIds: string[], at: Date) {
  if (!userIds.length) return;
  await db
    .insert(userPresence)
    .values(userIds.map((userId) => ({ userId, lastSeenAt: at, createdAt: at, updatedAt: at })))
    .onConflictDoUpdate({
      target: userPresence.userId,
      set: {
        lastSeenAt: sql`greatest(${userPresence.lastSeenAt}, excluded.last_seen_at)`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/**
 * Presence for "online if seen within 5 minutes", shared by every instance through the
 * database: the instance holding a user's socket writes their last-seen time when it connects, when it
 * disconnects, and once a minute while it stays open (one statement for all of this instance's due
 * users). A failed write is logged: presence is a hint, never a reason to refuse a socket.
 */
export function trackPresence(deps: MessagesDeps): { stop: () => void } {
  // userId → open sockets on this instance, and when we last wrote them.
  const open = new Map<string, { sockets: number; writtenAt: number }>();

  const write = (userIds: string[]) => {
    const at = deps.clock.now();
    for (const id of userIds) {
      const entry = open.get(id);
      if (entry) entry.writtenAt = at.getTime();
    }
    touchPresence(deps.db, userIds, at).catch((error: unknown) =>
      deps.log.warn({ err: error }, 'could not record presence'),
    );
  };

  deps.realtime.onConnection((socket) => {
    const userId = socket.data.userId;
    const entry = open.get(userId) ?? { sockets: 0, writtenAt: 0 };
    entry.sockets += 1;
    open.set(userId, entry);
    write([userId]);
    socket.on('disconnect', () => {
      const current = open.get(userId);
      if (current && --current.sockets <= 0) open.delete(userId);
      write([userId]);
    });
  });

  const sweep = setInterval(() => {
    const now = deps.clock.now().getTime();
    const due = [...open].filter(([, e]) => now - e.writtenAt >= PRESENCE_REFRESH_MS).map(([id]) => id);
    if (due.length) write(due);
  }, SWEEP_MS);
  sweep.unref();
  return { stop: () => clearInterval(sweep) };
}
