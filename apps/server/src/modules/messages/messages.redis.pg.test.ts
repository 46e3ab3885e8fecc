import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CLIENT_EVENTS, SERVER_EVENTS, type NewMessagePayload } from '@escrow/shared/events';
import type { App } from '../../app.ts';
import { nextEvent, openSocket } from '../../testing/socket-client.ts';
import { createTestApp } from '../../testing/test-app.ts';
import type { Conversation } from '@escrow/shared/schemas/messages';
import { createTransaction, createUser, get, join, post } from '../../testing/test-kit.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two instances on one PostgreSQL with the Redis adapter: a message sent through instance B reaches the
 * other party connected to instance A. The send-to-receive time is printed (never asserted).
 */
describe.runIf(Boolean(inject('databaseUrl') && redisUrl))('messages across instances', () => {
  let a: App;
  let b: App;
  let urlA: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: redisUrl! });
    b = await createTestApp({ REDIS_URL: redisUrl! });
    urlA = await a.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await b.close();
    await a.close();
  });

  it('a message sent on instance B reaches the receiver on instance A, and never a stranger', async () => {
    const buyer = await createUser(b, 'Ngozi');
    const seller = await createUser(b, 'Emeka');
    const stranger = await createUser(b, 'Sani');
    const { transaction, code } = await createTransaction(b, buyer);
    await join(b, seller, code);
    const receiver = await openSocket(urlA, seller.token, sockets);
    const outsider = await openSocket(urlA, stranger.token, sockets);
    let strangerHeard = false;
    outsider.on(SERVER_EVENTS.newMessage, () => (strangerHeard = true));

    const timings: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const content = `Across instances ${i}`;
      const arrived = nextEvent<NewMessagePayload>(
        receiver,
        SERVER_EVENTS.newMessage,
        (p) => p.message.content === content,
      );
      const started = performance.now();
      const sent = await post(b, buyer, '/api/messages', { transactionId: transaction.id, content });
      expect(sent.statusCode).toBe(201);
      const payload = await arrived;
      timings.push(performance.now() - started);
      expect(payload).toMatchObject({ transactionId: transaction.id, message: { senderId: buyer.id } });
    }
    expect(strangerHeard).toBe(false);
    const sorted = [...timings].sort((x, y) => x - y);
    console.info(
      `message send→receive across two instances (20 sends): median ${sorted[10]!.toFixed(1)} ms, max ${sorted[19]!.toFixed(1)} ms`,
    );
  });
  it('a message sent over a socket on instance B reaches a socket on instance A (socket to socket)', async () => {
    const urlB = await b.listen({ port: 0, host: '127.0.0.1' });
    const buyer = await createUser(b, 'Tope');
    const seller = await createUser(b, 'Uche');
    const { transaction, code } = await createTransaction(b, buyer);
    await join(b, seller, code);
    const sender = await openSocket(urlB, buyer.token, sockets);
    const receiver = await openSocket(urlA, seller.token, sockets);
    const timings: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const content = `Socket to socket ${i}`;
      const arrived = nextEvent<NewMessagePayload>(
        receiver,
        SERVER_EVENTS.newMessage,
        (p) => p.message.content === content,
      );
      const started = performance.now();
      const ack = await sender
        .timeout(5000)
        .emitWithAck(CLIENT_EVENTS.sendMessage, { transactionId: transaction.id, content });
      expect(ack).toMatchObject({ success: true });
      await arrived;
      timings.push(performance.now() - started);
    }
    const sorted = [...timings].sort((x, y) => x - y);
    console.info(
      `socket send_message→new_message across two instances (20 sends): median ${sorted[10]!.toFixed(1)} ms, max ${sorted[19]!.toFixed(1)} ms`,
    );
  });

  it('a user connected to instance A shows as seen when the other party reads through instance B', async () => {
    const buyer = await createUser(b, 'Ade');
    const seller = await createUser(b, 'Bola');
    const { code } = await createTransaction(b, buyer);
    await join(b, seller, code);
    const lastSeenOfBuyer = async () => {
      const answer = await get(b, seller, '/api/messages/conversations');
      const list = answer.json().data.conversations as Conversation[];
      return list[0]!.participantDetails.find((p) => p.userId === buyer.id)!.lastSeen;
    };
    expect(await lastSeenOfBuyer()).toBeNull();
    const before = Date.now();
    await openSocket(urlA, buyer.token, sockets);
    let seen = await lastSeenOfBuyer();
    for (let i = 0; !seen && i < 50; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = await lastSeenOfBuyer();
    }
    expect(Date.parse(seen!)).toBeGreaterThanOrEqual(before - 1000);
  });
});
