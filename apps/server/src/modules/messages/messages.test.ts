import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_TEXT } from '@escrow/shared/schemas/messages';
import { createTestApp } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import {
  createTransaction,
  createUser,
  get,
  join,
  PNG_BYTES,
  post,
  put,
  upload,
  type TestUser,
} from '../../testing/test-kit.ts';

let app: App;
let buyer: TestUser;
let seller: TestUser;
let stranger: TestUser;
let transactionId: string;

beforeAll(async () => {
  app = await createTestApp();
  buyer = await createUser(app, 'Ngozi');
  seller = await createUser(app, 'Emeka');
  stranger = await createUser(app, 'Sani');
  const { transaction, code } = await createTransaction(app, buyer);
  transactionId = transaction.id;
  expect((await join(app, seller, code)).statusCode).toBe(200);
});
afterAll(async () => {
  await app.close();
});

const send = (user: TestUser, content: string, extra: Record<string, unknown> = {}) =>
  post(app, user, '/api/messages', { transactionId, content, ...extra });
const del = (user: TestUser, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/messages/${id}`, headers: user.headers });

describe('a conversation between the two parties', () => {
  it('opens with a SYSTEM message when the counterparty joins, and lists for both', async () => {
    const page = (await get(app, buyer, `/api/messages/transactions/${transactionId}`)).json().data;
    expect(page.messages.map((m: { messageType: string }) => m.messageType)).toEqual(['SYSTEM']);
    expect(page.messages[0]).toMatchObject({ senderId: null, receiverId: null });
    for (const user of [buyer, seller]) {
      const list = (await get(app, user, '/api/messages/conversations')).json().data.conversations;
      expect(list.map((c: { transactionId: string }) => c.transactionId)).toContain(transactionId);
    }
    expect((await get(app, stranger, '/api/messages/conversations')).json().data.conversations).toEqual([]);
  });

  it('sends trimmed text; the receiver’s counts rise; reading clears them; only the receiver marks read', async () => {
    const sent = await send(buyer, '  Hello, is it still available?  ');
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json().data.message;
    expect(message).toMatchObject({
      content: 'Hello, is it still available?',
      messageType: 'TEXT',
      isRead: false,
    });
    expect((await get(app, seller, '/api/messages/unread-count')).json().data.unreadCount).toBe(1);
    expect((await get(app, buyer, '/api/messages/unread-count')).json().data.unreadCount).toBe(0);
    const conversation = (await get(app, seller, '/api/messages/conversations'))
      .json()
      .data.conversations.find((c: { transactionId: string }) => c.transactionId === transactionId);
    expect(conversation).toMatchObject({
      unreadCount: 1,
      lastMessage: { content: 'Hello, is it still available?' },
    });
    // A message notification for the receiver, never the sender.
    const notes = (await get(app, seller, '/api/notifications')).json().data.notifications;
    expect(notes[0]).toMatchObject({ type: 'MESSAGE', message: 'Hello, is it still available?' });

    expect((await put(app, buyer, `/api/messages/${message.id}/read`, {})).statusCode).toBe(404);
    expect((await put(app, stranger, `/api/messages/${message.id}/read`, {})).statusCode).toBe(404);
    const read = await put(app, seller, `/api/messages/${message.id}/read`, {});
    expect(read.json().data.updated).toBe(1);
    expect((await get(app, seller, '/api/messages/unread-count')).json().data.unreadCount).toBe(0);
    const stats = (await get(app, buyer, '/api/messages/stats')).json().data;
    expect(stats).toMatchObject({ totalConversations: 1, messagesSent: 1, messagesReceived: 0 });
  });

  it('marks a whole conversation read, for the caller only', async () => {
    await send(seller, 'Yes it is');
    await send(seller, 'Still boxed');
    expect((await get(app, buyer, '/api/messages/unread-count')).json().data.unreadCount).toBe(2);
    expect(
      (await put(app, stranger, `/api/messages/transactions/${transactionId}/read`, {})).statusCode,
    ).toBe(404);
    const read = await put(app, buyer, `/api/messages/transactions/${transactionId}/read`, {});
    expect(read.json().data.updated).toBe(2);
    expect((await get(app, buyer, '/api/messages/unread-count')).json().data.unreadCount).toBe(0);
  });

  it('warns the receiver (only) about an account number or paying outside escrow', async () => {
    const sent = (await send(seller, 'Just pay directly to my account 0123456789')).json().data.message;
    expect(sent.warning).toBeNull();
    const page = (await get(app, buyer, `/api/messages/transactions/${transactionId}`)).json().data;
    const received = page.messages.find((m: { id: string }) => m.id === sent.id);
    expect(received.warning).toBe(MESSAGE_TEXT.offPlatformWarning);
  });

  it('only the sender deletes; the message stays as deleted for both', async () => {
    const message = (await send(buyer, 'Oops, wrong chat')).json().data.message;
    expect((await del(seller, message.id)).statusCode).toBe(403);
    expect((await del(stranger, message.id)).statusCode).toBe(404);
    const deleted = await del(buyer, message.id);
    expect(deleted.json().data.message).toMatchObject({ deleted: true, content: MESSAGE_TEXT.deleted });
    const seen = (await get(app, seller, `/api/messages/transactions/${transactionId}`))
      .json()
      .data.messages.find((m: { id: string }) => m.id === message.id);
    expect(seen).toMatchObject({ deleted: true, content: MESSAGE_TEXT.deleted, attachments: [] });
    const found = (await get(app, buyer, '/api/messages/search?q=wrong')).json().data.results;
    expect(found).toEqual([]);
  });

  it('carries the sender’s own chat files for this transaction, and nothing else', async () => {
    const file = await upload(
      app,
      buyer,
      { purpose: 'chat_attachment', transactionId },
      { name: 'receipt.png', data: PNG_BYTES, type: 'image/png' },
    );
    expect(file.statusCode, file.body).toBe(201);
    const uploadId = file.json().data.upload.id;
    expect((await send(seller, 'Sent: receipt.png', { attachmentIds: [uploadId] })).statusCode).toBe(400);
    const sent = await send(buyer, 'Sent: receipt.png', { attachmentIds: [uploadId] });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data.message).toMatchObject({
      messageType: 'FILE',
      attachments: [
        { id: uploadId, filename: 'receipt.png', mimeType: 'image/png', fileUrl: `/api/uploads/${uploadId}` },
      ],
    });
    // Both parties may download it; a stranger may not.
    expect((await get(app, seller, `/api/uploads/${uploadId}`)).statusCode).toBe(200);
    expect((await get(app, stranger, `/api/uploads/${uploadId}`)).statusCode).toBe(404);
  });

  it('pages older messages with before, oldest first within a page', async () => {
    for (let i = 0; i < 5; i += 1) await send(buyer, `Numbered ${i}`);
    const latest = (await get(app, buyer, `/api/messages/transactions/${transactionId}?limit=3`)).json().data;
    expect(latest.messages.map((m: { content: string }) => m.content)).toEqual([
      'Numbered 2',
      'Numbered 3',
      'Numbered 4',
    ]);
    expect(latest.hasMore).toBe(true);
    const older = (
      await get(
        app,
        buyer,
        `/api/messages/transactions/${transactionId}?limit=3&before=${latest.messages[0].id}`,
      )
    ).json().data;
    expect(older.messages.map((m: { content: string }) => m.content)).toEqual([
      'Sent: receipt.png',
      'Numbered 0',
      'Numbered 1',
    ]);
  });

  it('searches the caller’s own conversations only, with filters', async () => {
    const mine = (await get(app, buyer, '/api/messages/search?q=boxed')).json().data.results;
    expect(mine.map((m: { content: string }) => m.content)).toEqual(['Still boxed']);
    expect(mine[0].transactionDescription).toBe('Used iPhone 13, 128GB');
    expect((await get(app, stranger, '/api/messages/search?q=boxed')).json().data.results).toEqual([]);
    const outside = await get(app, stranger, `/api/messages/search?q=boxed&transactionId=${transactionId}`);
    expect(outside.statusCode).toBe(404);
    const inside = await get(app, buyer, `/api/messages/search?q=boxed&transactionId=${transactionId}`);
    expect(inside.json().data.results).toHaveLength(1);
    const files = (await get(app, buyer, '/api/messages/search?q=receipt&hasFiles=true')).json().data.results;
    expect(files).toHaveLength(1);
    expect((await get(app, buyer, '/api/messages/search?q=b')).statusCode).toBe(400);
    const symbols = await get(app, buyer, `/api/messages/search?q=${encodeURIComponent("!!' & |")}`);
    expect(symbols.statusCode, symbols.body).toBe(200);
    expect(symbols.json().data.results).toEqual([]);
  });

  it.each([
    ['blank', { content: '   ' }, 400],
    ['too long', { content: 'x'.repeat(2001) }, 400],
    ['NUL', { content: 'a\u0000b' }, 400],
    ['not a uuid', { transactionId: 'nope' }, 400],
    ['a stranger’s transaction', { transactionId: '0192f5a4-7d5e-7000-8000-000000000099' }, 404],
    [
      'too many files',
      { attachmentIds: Array.from({ length: 11 }, () => '0192f5a4-7d5e-7000-8000-000000000001') },
      400,
    ],
  ])('refuses %s', async (_label, body, status) => {
    const res = await post(app, buyer, '/api/messages', { transactionId, content: 'hi', ...body });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().success).toBe(false);
  });

  it('keeps HTML and emoji as text, and a stranger cannot read or send', async () => {
    const html = (await send(buyer, '<img src=x onerror=alert(1)> 👍🏾')).json().data.message;
    expect(html.content).toBe('<img src=x onerror=alert(1)> 👍🏾');
    expect((await get(app, stranger, `/api/messages/transactions/${transactionId}`)).statusCode).toBe(404);
    expect((await post(app, stranger, '/api/messages', { transactionId, content: 'hi' })).statusCode).toBe(
      404,
    );
  });

  it('before the counterparty joins there is no one to write to', async () => {
    const { transaction } = await createTransaction(app, buyer);
    const res = await post(app, buyer, '/api/messages', {
      transactionId: transaction.id,
      content: 'anyone?',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(MESSAGE_TEXT.noConversationYet);
    const page = (await get(app, buyer, `/api/messages/transactions/${transaction.id}`)).json().data;
    expect(page).toMatchObject({ messages: [], hasMore: false });
  });
});
