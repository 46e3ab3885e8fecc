import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser, driveTo, get, PNG_BYTES, post, upload, type TestUser } from '../../testing/test-kit.ts';
import { activePdfContent } from './uploads.sniff.ts';

const pdf = (body: string) => Buffer.from(`%PDF-1.7\n${body}\n%%EOF\n`, 'latin1');
const INERT = pdf(
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj',
);

describe('activePdfContent', () => {
  it.each([
    [
      'a script action',
      '1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj',
      '/JavaScript',
    ],
    ['a bare /JS entry', '3 0 obj << /S /JavaScript /JS 4 0 R >> endobj', '/JavaScript'],
    ['a name written with #xx escapes', '3 0 obj << /S /Java#53cript >> endobj', '/JavaScript'],
    ['a launch action', '1 0 obj << /AA << /O << /S /Launch /F (cmd.exe) >> >> >> endobj', '/Launch'],
    [
      'an embedded file',
      '5 0 obj << /Type /EmbeddedFile /Length 3 >> stream\nabc\nendstream endobj',
      '/EmbeddedFile',
    ],
    ['the embedded files tree', '1 0 obj << /Names << /EmbeddedFiles 6 0 R >> >> endobj', '/EmbeddedFiles'],
  ])('finds %s', (_what, body, name) => {
    expect(activePdfContent(pdf(body))).toBe(name);
  });

  it.each([
    ['an ordinary document', INERT],
    [
      'a sloppy one (no xref, odd spacing, a link)',
      pdf('1 0 obj<</Type/Annot/A<</S/URI/URI(https://amana.ng)>>>>endobj'),
    ],
    [
      'names that only start like active ones',
      pdf('1 0 obj << /JSON (x) /JavaScriptish 1 /Launcher 2 >> endobj'),
    ],
  ])('accepts %s', (_what, data) => {
    expect(activePdfContent(data)).toBeNull();
  });
});

describe('files with active content over the API, and how every file is served', () => {
  let app: App;
  let buyer: TestUser;
  let seller: TestUser;
  let transactionId: string;
  beforeAll(async () => {
    app = await createTestApp();
    buyer = await createUser(app, 'Bisi');
    seller = await createUser(app, 'Sola');
    transactionId = await driveTo(app, { buyer, seller }, 'ACTIVE');
  });
  afterAll(async () => {
    await app.close();
  });

  const attach = (name: string, data: Buffer) =>
    upload(app, buyer, { purpose: 'chat_attachment', transactionId }, { name, data });

  it('refuses a PDF with JavaScript, an embedded file or a launch action, and says why', async () => {
    for (const body of [
      '1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj',
      '5 0 obj << /Type /EmbeddedFile >> endobj',
      '1 0 obj << /OpenAction << /S /Launch /F (calc.exe) >> >> endobj',
    ]) {
      const res = await attach('invoice.pdf', pdf(body));
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(res.json().error).toMatch(/^invoice\.pdf contains active content \(/);
    }
  });

  it('serves a document as a sandboxed download and an image inline, never sniffed, never cached by others', async () => {
    const doc = await attach('terms.pdf', INERT);
    expect(doc.statusCode, doc.body).toBe(201);
    const image = await attach('item.png', PNG_BYTES);
    expect(image.statusCode, image.body).toBe(201);
    // The other party reads chat files once a sent message carries them.
    const attachmentIds = [doc.json().data.upload.id, image.json().data.upload.id];
    const sent = await post(app, buyer, '/api/messages', { transactionId, content: 'Sent', attachmentIds });
    expect(sent.statusCode, sent.body).toBe(201);

    const served = await get(app, seller, `/api/uploads/${doc.json().data.upload.id}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="terms\.pdf"/);
    const shown = await get(app, seller, `/api/uploads/${image.json().data.upload.id}`);
    expect(shown.headers['content-disposition']).toMatch(/^inline;/);
    for (const res of [served, shown]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expect(res.headers['cache-control']).toMatch(/private|no-store/);
    }
  });
});
