import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser, driveTo, get, PNG_BYTES, post, upload, type TestUser } from '../../testing/test-kit.ts';

let app: App;
let buyer: TestUser;
let seller: TestUser;
let stranger: TestUser;
let transactionId: string;
beforeAll(async () => {
  app = await createTestApp();
  buyer = await createUser(app, 'Bisi');
  seller = await createUser(app, 'Sola');
  stranger = await createUser(app, 'Sani');
  transactionId = await driveTo(app, { buyer, seller }, 'ACTIVE');
});
afterAll(async () => {
  await app.close();
});

const chatFile = async (user: TestUser, via: 'uploads' | 'messages') => {
  if (via === 'uploads') {
    const res = await upload(
      app,
      user,
      { purpose: 'chat_attachment', transactionId },
      { name: 'draft.png', data: PNG_BYTES },
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.upload.id as string;
  }
  const boundary = 'draft-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="transactionId"\r\n\r\n${transactionId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="draft.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    PNG_BYTES,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/messages/upload',
    headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.attachment.id as string;
};
const status = async (user: TestUser, id: string) => (await get(app, user, `/api/uploads/${id}`)).statusCode;

describe('a chat file reaches the other party only once a sent message carries it', () => {
  it.each(['uploads', 'messages'] as const)(
    'uploaded through /%s: the counterparty gets 404 before sending and 200 after; the uploader always 200',
    async (via) => {
      const id = await chatFile(buyer, via);
      expect(await status(buyer, id)).toBe(200);
      expect(await status(seller, id)).toBe(404);
      expect(await status(stranger, id)).toBe(404);

      const sent = await post(app, buyer, '/api/messages', {
        transactionId,
        content: 'Sent: draft.png',
        attachmentIds: [id],
      });
      expect(sent.statusCode, sent.body).toBe(201);
      expect(await status(buyer, id)).toBe(200);
      expect(await status(seller, id)).toBe(200);
      expect(await status(stranger, id)).toBe(404);
    },
  );

  it('is no proof of sending that the same file id is named in a message of another conversation', async () => {
    const id = await chatFile(seller, 'uploads');
    const other = await driveTo(app, { buyer: seller, seller: stranger }, 'ACTIVE');
    // The seller cannot attach it elsewhere (it belongs to this transaction), so the buyer still cannot read it.
    const misplaced = await post(app, seller, '/api/messages', {
      transactionId: other,
      content: 'Sent: draft.png',
      attachmentIds: [id],
    });
    expect(misplaced.statusCode).toBe(400);
    expect(await status(buyer, id)).toBe(404);
    expect(await status(seller, id)).toBe(200);
  });
});
