import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import {
  createUser,
  driveTo,
  get,
  makeAdmin,
  PNG_BYTES,
  post,
  upload,
  type TestUser,
} from '../../testing/test-kit.ts';

let app: App;
let buyer: TestUser;
let seller: TestUser;
let staff: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  buyer = await createUser(app, 'Ngozi');
  seller = await createUser(app, 'Emeka');
  staff = await createUser(app, 'Kemi');
  await makeAdmin(app, staff);
});
afterAll(async () => {
  await app.close();
});

describe('staff read the parties’ chat only through a dispute', () => {
  it('the chat and its files open to staff once the transaction is disputed, never to a plain user', async () => {
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    const file = await upload(
      app,
      buyer,
      { purpose: 'chat_attachment', transactionId: id },
      { name: 'crack.png', data: PNG_BYTES, type: 'image/png' },
    );
    const uploadId = file.json().data.upload.id;
    await post(app, buyer, '/api/messages', {
      transactionId: id,
      content: 'Sent: crack.png',
      attachmentIds: [uploadId],
    });
    await post(app, seller, '/api/messages', { transactionId: id, content: 'That was not me' });
    // Before a dispute: the file is the parties' only.
    expect((await get(app, staff, `/api/uploads/${uploadId}`)).statusCode).toBe(404);

    const raised = await post(app, buyer, '/api/disputes', {
      transactionId: id,
      disputeType: 'QUALITY',
      reason: 'Cracked',
      description: 'The screen is cracked.',
    });
    const disputeId = raised.json().data.id;
    const chat = await get(app, staff, `/api/admin/disputes/${disputeId}/chat`);
    expect(chat.statusCode, chat.body).toBe(200);
    const messages = chat.json().data.messages as { content: string; senderName: string | null }[];
    expect(messages.filter((m) => m.senderName).map((m) => m.content)).toEqual([
      'Sent: crack.png',
      'That was not me',
    ]);
    expect(messages.some((m) => m.senderName === null)).toBe(true);
    expect((await get(app, staff, `/api/uploads/${uploadId}`)).statusCode).toBe(200);
    expect((await get(app, buyer, `/api/admin/disputes/${disputeId}/chat`)).statusCode).toBe(403);
    expect(
      (await get(app, staff, '/api/admin/disputes/0192f5a4-7d5e-7000-8000-000000000099/chat')).statusCode,
    ).toBe(404);
  });
});
