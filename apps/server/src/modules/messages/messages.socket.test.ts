import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  type NewMessagePayload,
  type TypingPayload,
} from '@escrow/shared/events';
import type { App } from '../../app.ts';
import { collect, nextEvent, openSocket } from '../../testing/socket-client.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createTransaction, createUser, join, post, put, type TestUser } from '../../testing/test-kit.ts';

let app: App;
let url: string;
let buyer: TestUser;
let seller: TestUser;
let stranger: TestUser;
let transactionId: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await createTestApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  buyer = await createUser(app, 'Ngozi');
  seller = await createUser(app, 'Emeka');
  stranger = await createUser(app, 'Sani');
  const { transaction, code } = await createTransaction(app, buyer);
  transactionId = transaction.id;
  await join(app, seller, code);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app.close();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('messaging over the live channel', () => {
  it('new_message reaches both parties (each with their own view) and never a stranger; message_read the sender', async () => {
    const [b, s, x] = await Promise.all([
      openSocket(url, buyer.token, sockets),
      openSocket(url, seller.token, sockets),
      openSocket(url, stranger.token, sockets),
    ]);
    const strangerSaw = collect(x, SERVER_EVENTS.newMessage);
    const toSeller = nextEvent<NewMessagePayload>(
      s,
      SERVER_EVENTS.newMessage,
      (p) => p.message.content === 'Pay me at 0123456789',
    );
    const toBuyer = nextEvent<NewMessagePayload>(
      b,
      SERVER_EVENTS.newMessage,
      (p) => p.message.content === 'Pay me at 0123456789',
    );
    // Sent by the seller: the buyer (receiver) gets the warning, the seller's own copy does not.
    const sent = await post(app, seller, '/api/messages', { transactionId, content: 'Pay me at 0123456789' });
    expect(sent.statusCode).toBe(201);
    const [sellerCopy, buyerCopy] = await Promise.all([toSeller, toBuyer]);
    expect(buyerCopy.message.warning).not.toBeNull();
    expect(sellerCopy.message.warning).toBeNull();

    const receipt = nextEvent<{ messageId: string }>(
      s,
      SERVER_EVENTS.messageRead,
      (p) => p.messageId === buyerCopy.message.id,
    );
    await put(app, buyer, `/api/messages/${buyerCopy.message.id}/read`, {});
    await receipt;
    await settle();
    expect(strangerSaw).toEqual([]);
  });

  it('send_message over the socket answers with an acknowledgement and goes through the same rules', async () => {
    const b = await openSocket(url, buyer.token, sockets);
    const s = await openSocket(url, seller.token, sockets);
    const arrived = nextEvent<NewMessagePayload>(
      s,
      SERVER_EVENTS.newMessage,
      (p) => p.message.content === 'Via socket',
    );
    const ack = await b
      .timeout(5000)
      .emitWithAck(CLIENT_EVENTS.sendMessage, { transactionId, content: '  Via socket ' });
    expect(ack).toMatchObject({
      success: true,
      data: { message: { content: 'Via socket', senderId: buyer.id } },
    });
    await arrived;
    const blank = await b
      .timeout(5000)
      .emitWithAck(CLIENT_EVENTS.sendMessage, { transactionId, content: '   ' });
    expect(blank).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    const x = await openSocket(url, stranger.token, sockets);
    const foreign = await x
      .timeout(5000)
      .emitWithAck(CLIENT_EVENTS.sendMessage, { transactionId, content: 'hi' });
    expect(foreign).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('typing goes to the other party with the token’s user id; a forged user or a stranger’s transaction is refused', async () => {
    const b = await openSocket(url, buyer.token, sockets);
    const s = await openSocket(url, seller.token, sockets);
    const x = await openSocket(url, stranger.token, sockets);
    const typing = nextEvent<TypingPayload>(s, SERVER_EVENTS.typingStart);
    b.emit(CLIENT_EVENTS.typingStart, { transactionId, userId: stranger.id });
    expect(await typing).toEqual({ transactionId, userId: buyer.id });
    const stop = nextEvent<TypingPayload>(s, SERVER_EVENTS.typingStop);
    b.emit(CLIENT_EVENTS.typingStop, { transactionId });
    expect(await stop).toEqual({ transactionId, userId: buyer.id });

    const sellerSaw = collect(s, SERVER_EVENTS.typingStart);
    const refused = nextEvent<{ event: string; code: string }>(x, SERVER_EVENTS.error);
    x.emit(CLIENT_EVENTS.typingStart, { transactionId });
    expect(await refused).toMatchObject({ event: CLIENT_EVENTS.typingStart, code: 'NOT_FOUND' });
    await settle();
    expect(sellerSaw).toEqual([]);
  });

  it('the notification reaches the receiver live (never the sender or a stranger); reading in one tab tells the reader’s other tabs', async () => {
    const [s, sOtherTab, b, x] = await Promise.all([
      openSocket(url, seller.token, sockets),
      openSocket(url, seller.token, sockets),
      openSocket(url, buyer.token, sockets),
      openSocket(url, stranger.token, sockets),
    ]);
    const senderNotes = collect<{ type: string }>(b, SERVER_EVENTS.notification);
    const strangerEvents = [
      ...[SERVER_EVENTS.notification, SERVER_EVENTS.messageRead, SERVER_EVENTS.typingStart].map((e) =>
        collect(x, e),
      ),
    ];
    const note = nextEvent<{ type: string; transactionId: string; message: string }>(
      s,
      SERVER_EVENTS.notification,
      (n) => n.type === 'MESSAGE' && n.message === 'Tab test',
    );
    const typed = nextEvent<{ type: string }>(s, SERVER_EVENTS.messageNotification);
    const sent = await post(app, buyer, '/api/messages', { transactionId, content: 'Tab test' });
    expect(sent.statusCode).toBe(201);
    expect(await note).toMatchObject({ transactionId, type: 'MESSAGE' });
    expect(await typed).toMatchObject({ type: 'MESSAGE' });

    // The seller reads in one tab: the other tab hears it (its badge clears), and the buyer gets the receipt.
    const otherTab = nextEvent<{ transactionId: string; count?: number }>(
      sOtherTab,
      SERVER_EVENTS.messageRead,
      (p) => p.transactionId === transactionId && typeof p.count === 'number',
    );
    const receipt = nextEvent<{ messageId: string }>(
      b,
      SERVER_EVENTS.messageRead,
      (p) => p.messageId === sent.json().data.message.id,
    );
    await put(app, seller, `/api/messages/transactions/${transactionId}/read`, {});
    expect((await otherTab).count).toBeGreaterThanOrEqual(1);
    await receipt;
    await settle();
    expect(senderNotes.filter((n) => n.type === 'MESSAGE')).toEqual([]);
    expect(strangerEvents.flat()).toEqual([]);
  });
});
