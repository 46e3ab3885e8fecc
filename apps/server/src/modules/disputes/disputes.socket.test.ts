import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_EVENTS, type DisputeUpdatedPayload } from '@escrow/shared/events';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { post, type TestUser } from '../transactions/transactions.test-support.ts';
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
  return events;
}

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('dispute events on the live channel', () => {
  it('tells both parties and staff of a change, and only staff of an internal note', async () => {
    const { disputeId } = await disputed(app, cast);
    const buyerEvents = await listen(cast.buyer);
    const sellerEvents = await listen(cast.seller);
    const staffEvents = await listen(cast.support);

    await post(app, cast.support, `/api/disputes/${disputeId}/messages`, {
      content: 'Check the courier',
      isInternal: true,
    });
    await settle();
    expect(staffEvents).toEqual([expect.objectContaining({ disputeId })]);
    expect(buyerEvents).toEqual([]);
    expect(sellerEvents).toEqual([]);

    await post(app, cast.seller, `/api/disputes/${disputeId}/messages`, { content: 'It left intact' });
    await settle();
    for (const events of [buyerEvents, sellerEvents])
      expect(events).toEqual([expect.objectContaining({ disputeId, status: 'OPEN' })]);
    expect(staffEvents).toHaveLength(2);
    // No event carries message content: clients refetch what they may see.
    expect(JSON.stringify([...buyerEvents, ...staffEvents])).not.toContain('courier');
  });
});
