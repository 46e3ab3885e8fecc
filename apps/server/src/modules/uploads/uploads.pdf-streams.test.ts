import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser, driveTo, upload, type TestUser } from '../../testing/test-kit.ts';
import { PDF_UNCHECKABLE } from './uploads.pdf-streams.ts';
import { activePdfContent } from './uploads.sniff.ts';

/** A real PDF as pdf-lib saves it by default: its catalog sits in a Flate-compressed object stream. */
async function pdfLibDocument(withScript: boolean): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Invoice 42');
  if (withScript) {
    const action = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  }
  return Buffer.from(await doc.save());
}

/** A hand-made PDF with one stream object whose data is `data` (already compressed). */
const withStream = (dict: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`%PDF-1.7\n1 0 obj\n<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
  ]);

// 64 MiB of zeros compress to about 64 KB: twice the whole file's inflating budget.
const BOMB = deflateSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });

describe('activePdfContent looks inside compressed object streams', () => {
  it('finds JavaScript in the object stream pdf-lib writes, which the raw bytes do not show', async () => {
    const scripted = await pdfLibDocument(true);
    expect(scripted.toString('latin1')).not.toContain('/JavaScript');
    expect(activePdfContent(scripted)).toBe('/JavaScript');
  });

  it('accepts a harmless compressed document', async () => {
    expect(activePdfContent(await pdfLibDocument(false))).toBeNull();
  });

  it('finds a name in a stream split into many small chunks, as an upload arrives', async () => {
    const scripted = await pdfLibDocument(true);
    for (const size of [1, 7, 64]) {
      const { ContentFacts } = await import('./uploads.sniff.ts');
      const facts = new ContentFacts('invoice.pdf');
      for (let at = 0; at < scripted.length; at += size) facts.update(scripted.subarray(at, at + size));
      expect(facts.finish().activePdf, `chunks of ${size}`).toBe('/JavaScript');
    }
  });

  it('opens a doubly compressed object stream, and one after a long comment', () => {
    const objects = '1 0 << /S /JavaScript /JS (x) >>';
    expect(activePdfContent(withStream('/Type /ObjStm', deflateSync(deflateSync(objects))))).toBe(
      '/JavaScript',
    );
    const hidden = `%${'x'.repeat(200_000)}\n${objects}`;
    expect(activePdfContent(withStream('/Type /ObjStm', deflateSync(hidden)))).toBe('/JavaScript');
  });

  it('stays within bounds on a zip bomb: a possible object stream is refused, image data is only probed', () => {
    const started = process.memoryUsage().rss;
    expect(activePdfContent(withStream('/Type /ObjStm /N 1 /First 4', BOMB))).toBe(PDF_UNCHECKABLE);
    // Binary data (not an object stream's text) is never inflated whole.
    const image = deflateSync(Buffer.concat([Buffer.from([0x02, 0xff]), Buffer.alloc(64 * 1024 * 1024)]));
    expect(activePdfContent(withStream('/Subtype /Image', image))).toBeNull();
    expect(process.memoryUsage().rss - started).toBeLessThan(256 * 1024 * 1024);
  });

  it('refuses a damaged stream it cannot open rather than guess', () => {
    const damaged = Buffer.concat([
      deflateSync('1 0 << /S /JavaScript >>').subarray(0, 2),
      Buffer.alloc(40, 0xff),
    ]);
    expect(activePdfContent(withStream('/Type /ObjStm', damaged))).toBe(PDF_UNCHECKABLE);
  });
});

describe('compressed active content over the API', () => {
  let app: App;
  let buyer: TestUser;
  let transactionId: string;
  beforeAll(async () => {
    app = await createTestApp();
    buyer = await createUser(app, 'Bisi');
    const seller = await createUser(app, 'Sola');
    transactionId = await driveTo(app, { buyer, seller }, 'ACTIVE');
  });
  afterAll(async () => {
    await app.close();
  });

  const send = (purpose: string, name: string, data: Buffer) =>
    upload(app, buyer, purpose === 'chat_attachment' ? { purpose, transactionId } : { purpose }, {
      name,
      data,
    });

  it.each(['chat_attachment', 'identity_document'])(
    'refuses a pdf-lib PDF with a JavaScript OpenAction as %s, like the plain-text case',
    async (purpose) => {
      const res = await send(purpose, 'invoice.pdf', await pdfLibDocument(true));
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(res.json().error).toMatch(/^invoice\.pdf contains active content \(JavaScript\)/);
    },
  );

  it.each(['chat_attachment', 'identity_document'])(
    'accepts a harmless compressed PDF as %s',
    async (purpose) => {
      const res = await send(purpose, 'terms.pdf', await pdfLibDocument(false));
      expect(res.statusCode, res.body).toBe(201);
    },
  );

  it('answers a zip-bomb PDF with a refusal, not a crash or a 500', async () => {
    const res = await send('chat_attachment', 'bomb.pdf', withStream('/Type /ObjStm', BOMB));
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().error).toMatch(/^bomb\.pdf could not be checked for active content/);
  });
});
