import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_EVENTS, SERVER_EVENTS, type DisputeUpdatedPayload } from '@escrow/shared/events';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { post, type TestUser } from '../../testing/test-kit.ts';
import { castOf, disputed, type Cast } from './disputes.test-support.ts';

let app: App;
let url: string;
let cast: Cast;
const sockets: Socket[] = [];
beforeAll(async () => {
  app = await createTestApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  cast = await castOf(app);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app.close();
});

async function listen(user: TestUser) {
  const socket = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token: user.token },
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  const events: DisputeUpdatedPayload[] = [];
  socket.on(SERVER_EVENTS.disputeUpdated, (payload: DisputeUpdatedPayload) => events.push(payload));
  /**
   * Resolves once the server has answered a round trip on this socket. A socket receives in the order
   * the server sent, so every event sent before (the changes' requests have returned) is in `events`.
   */
  const caughtUp = () => socket.timeout(5000).emitWithAck(CLIENT_EVENTS.joinUserRoom, {});
  return { events, caughtUp };
}

/** Waits until `events` holds at least `count` events (at most 5 s: then the test fails). */
const arrived = (events: unknown[], count: number) =>
  vi.waitFor(() => expect(events.length).toBeGreaterThanOrEqual(count), { timeout: 5000, interval: 10 });

describe('dispute events on the live channel', () => {
  it('tells both parties and staff of a change, and only staff of an internal note', async () => {
    const { disputeId } = await disputed(app, cast);
    const buyer = await listen(cast.buyer);
    const seller = await listen(cast.seller);
    const staff = await listen(cast.support);
    const [buyerEvents, sellerEvents, staffEvents] = [buyer.events, seller.events, staff.events];

    await post(app, cast.support, `/api/disputes/${disputeId}/messages`, {
      content: 'Check the courier',
      isInternal: true,
    });
    await arrived(staffEvents, 1);
    for (const party of [buyer, seller, staff]) await party.caughtUp();
    expect(staffEvents).toEqual([expect.objectContaining({ disputeId })]);
    expect(buyerEvents).toEqual([]);
    expect(sellerEvents).toEqual([]);

    await post(app, cast.seller, `/api/disputes/${disputeId}/messages`, { content: 'It left intact' });
    await Promise.all([arrived(buyerEvents, 1), arrived(sellerEvents, 1), arrived(staffEvents, 2)]);
    for (const party of [buyer, seller, staff]) await party.caughtUp();
    for (const events of [buyerEvents, sellerEvents])
      expect(events).toEqual([expect.objectContaining({ disputeId, status: 'OPEN' })]);
    expect(staffEvents).toHaveLength(2);
    // No event carries message content: clients refetch what they may see.
    expect(JSON.stringify([...buyerEvents, ...staffEvents])).not.toContain('courier');
  });
});
