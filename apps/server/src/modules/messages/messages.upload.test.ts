import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import {
  createTransaction,
  createUser,
  get,
  join,
  multipart,
  PNG_BYTES,
  post,
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

/** POST /api/messages/upload (multipart transactionId and file). */
function chatUpload(
  user: TestUser,
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type?: string },
) {
  const body = multipart(fields, file);
  return app.inject({
    method: 'POST',
    url: '/api/messages/upload',
    headers: { ...user.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

describe('POST /messages/upload', () => {
  it('answers 200 with the attachment, which a message then carries; only the parties download it', async () => {
    const res = await chatUpload(
      buyer,
      { transactionId },
      { name: 'parcel.png', data: PNG_BYTES, type: 'image/png' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { attachment } = res.json().data;
    expect(attachment).toEqual({
      id: expect.any(String),
      filename: 'parcel.png',
      mimeType: 'image/png',
      size: PNG_BYTES.length,
      fileSize: PNG_BYTES.length,
      fileUrl: `/api/uploads/${attachment.id}`,
    });
    const sent = await post(app, buyer, '/api/messages', {
      transactionId,
      content: 'Sent: parcel.png',
      attachmentIds: [attachment.id],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await get(app, seller, attachment.fileUrl)).statusCode).toBe(200);
    expect((await get(app, stranger, attachment.fileUrl)).statusCode).toBe(404);
  });

  it('a stranger cannot upload into the conversation (404)', async () => {
    const res = await chatUpload(
      stranger,
      { transactionId },
      { name: 'x.png', data: PNG_BYTES, type: 'image/png' },
    );
    expect(res.statusCode, res.body).toBe(404);
  });

  it.each([
    ['an empty file', { name: 'empty.txt', data: Buffer.alloc(0), type: 'text/plain' }, 400],
    [
      'text disguised as a PNG',
      { name: 'photo.png', data: Buffer.from('not an image at all'), type: 'image/png' },
      415,
    ],
    [
      'a program disguised as a PDF',
      {
        name: 'invoice.pdf',
        data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]),
        type: 'application/pdf',
      },
      415,
    ],
    [
      'a file over 10 MB',
      { name: 'big.txt', data: Buffer.alloc(10 * 1024 * 1024 + 1, 0x61), type: 'text/plain' },
      413,
    ],
  ])('refuses %s with a clear error', async (_label, file, status) => {
    const res = await chatUpload(buyer, { transactionId }, file);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
    if (status === 413) expect(res.json().error).toBe('File size must be less than 10MB');
  });

  it('refuses a missing or malformed transaction and a body that is not multipart', async () => {
    const file = { name: 'parcel.png', data: PNG_BYTES, type: 'image/png' };
    expect((await chatUpload(buyer, {}, file)).statusCode).toBe(400);
    expect((await chatUpload(buyer, { transactionId: "1' or '1'='1" }, file)).statusCode).toBe(400);
    expect((await chatUpload(buyer, { transactionId })).statusCode).toBe(400);
    const json = await post(app, buyer, '/api/messages/upload', { transactionId });
    expect(json.statusCode).toBe(415);
  });

  it('keeps a hostile file name as text', async () => {
    const res = await chatUpload(
      buyer,
      { transactionId },
      { name: '<img src=x onerror=alert(1)>.png', data: PNG_BYTES, type: 'image/png' },
    );
    expect(res.statusCode, res.body).toBe(200);
    // Stored and answered as plain text (the web app renders it as text, never as markup).
    expect(res.json().data.attachment.filename).toBe('<img src=x onerror=alert(1)>.png');
  });
});
