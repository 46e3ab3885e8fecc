import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@escrow/shared/schemas/messages';
import type { App } from '../../app.ts';
import { userPresence } from '../../db/schema/presence.ts';
import { openSocket } from '../../testing/socket-client.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createTransaction, createUser, get, join, type TestUser } from '../../testing/test-kit.ts';

let app: App;
let url: string;
let buyer: TestUser;
let seller: TestUser;
const sockets: Socket[] = [];
const start = Date.now();

beforeAll(async () => {
  app = await createTestApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  buyer = await createUser(app, 'Ngozi');
  seller = await createUser(app, 'Emeka');
  const { code } = await createTransaction(app, buyer);
  await join(app, seller, code);
});
afterAll(async () => {
  app.deps.clock.now = () => new Date();
  for (const socket of sockets) socket.disconnect();
  await app.close();
});

/** The buyer's last-seen time as the seller's conversation list shows it. */
async function buyerLastSeen(via: App = app): Promise<string | null> {
  const answer = await get(via, seller, '/api/messages/conversations');
  const conversations = answer.json().data.conversations as Conversation[];
  const other = conversations[0]!.participantDetails.find((p) => p.userId === buyer.id);
  return other!.lastSeen;
}

/** Polls until the buyer's last-seen time is `expected` (presence is written after the event). */
async function expectLastSeen(expected: Date, within = 8000) {
  const deadline = Date.now() + within;
  let seen = await buyerLastSeen();
  while (seen !== expected.toISOString() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    seen = await buyerLastSeen();
  }
  expect(seen).toBe(expected.toISOString());
}

describe('presence (online if seen within 5 minutes)', () => {
  it('is unknown until the user connects, then written on connect, once a minute while connected, and on disconnect', async () => {
    expect(await buyerLastSeen()).toBeNull();

    const connectedAt = new Date(start);
    app.deps.clock.now = () => connectedAt;
    const socket = await openSocket(url, buyer.token, sockets);
    await expectLastSeen(connectedAt);

    // Idle but connected: refreshed within a minute (of the injected clock) and a sweep.
    const twoMinutesLater = new Date(start + 2 * 60_000);
    app.deps.clock.now = () => twoMinutesLater;
    await expectLastSeen(twoMinutesLater);

    const leftAt = new Date(start + 10 * 60_000);
    app.deps.clock.now = () => leftAt;
    socket.disconnect();
    await expectLastSeen(leftAt);
  });

  it('never moves back: a later connection of another device keeps the latest time', async () => {
    const latest = await buyerLastSeen();
    expect(latest).not.toBeNull();
    const earlier = new Date(start - 60 * 60_000);
    app.deps.clock.now = () => earlier;
    const socket = await openSocket(url, buyer.token, sockets);
    // The connection's write has happened once the row carries its time (every write sets updatedAt to
    // the time it records); only then does an unchanged last-seen time show the write kept the latest.
    await vi.waitFor(
      async () => {
        const [row] = await app.deps.db
          .select({ updatedAt: userPresence.updatedAt })
          .from(userPresence)
          .where(eq(userPresence.userId, buyer.id));
        expect(row?.updatedAt.toISOString()).toBe(earlier.toISOString());
      },
      { timeout: 8000, interval: 50 },
    );
    expect(await buyerLastSeen()).toBe(latest);
    socket.disconnect();
  });
});
