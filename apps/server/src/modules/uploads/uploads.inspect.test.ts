import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { inspectingStream } from './uploads.inspect.ts';
import { ContentFacts } from './uploads.sniff.ts';

const pdf = (body: string) => Buffer.from(`%PDF-1.7\n${'x'.repeat(150)}\n${body}\n%%EOF\n`, 'latin1');
const SAMPLES: [string, Buffer][] = [
  ['script.pdf', pdf('1 0 obj << /OpenAction << /S /Java#53cript /JS (x) >> >> endobj')],
  ['inert.pdf', pdf('1 0 obj << /JSON (x) /JavaScriptish 1 >> endobj')],
  ['launch.pdf', pdf('1 0 obj << /AA << /O << /S /#4caunch >> >> >> endobj')],
  [
    'letter.docx',
    Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.from('....[Content_Types].xml..word/document.xml'),
    ]),
  ],
  [
    'archive.docx',
    Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.from('....[Content_Types].xml..other/x.xml'),
    ]),
  ],
  ['note.txt', Buffer.from('Ẹ kú àárọ̀ — ₦150,000 paid\n\tthanks', 'utf8')],
  ['bad.txt', Buffer.concat([Buffer.from('abc', 'utf8'), Buffer.from([0xc3]), Buffer.from('def')])],
  ['control.txt', Buffer.from('abc\u0001def')],
];

function streamed(filename: string, data: Buffer, chunkSize: number) {
  const facts = new ContentFacts(filename);
  for (let i = 0; i < data.length; i += chunkSize) facts.update(data.subarray(i, i + chunkSize));
  return facts.finish();
}

describe('content facts learned chunk by chunk', () => {
  it.each(SAMPLES)('%s: the same answer whatever the chunks, as for the whole file', (filename, data) => {
    const whole = streamed(filename, data, data.length);
    for (const size of [1, 2, 3, 5, 7, 16, 64, 65])
      expect(streamed(filename, data, size), `chunks of ${size}`).toEqual(whole);
  });

  it('finds active content however the chunks cut the names and escapes', () => {
    expect(streamed('script.pdf', SAMPLES[0]![1], 1).activePdf).toBe('/JavaScript');
    expect(streamed('inert.pdf', SAMPLES[1]![1], 3).activePdf).toBeNull();
    expect(streamed('launch.pdf', SAMPLES[2]![1], 2).activePdf).toBe('/Launch');
    expect(streamed('letter.docx', SAMPLES[3]![1], 2).mimeType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(streamed('note.txt', SAMPLES[5]![1], 1).mimeType).toBe('text/plain');
    expect(streamed('bad.txt', SAMPLES[6]![1], 1).mimeType).toBeNull();
  });
});

describe('the inspecting stream', () => {
  const CHUNK = 64 * 1024;
  async function run(filename: string, first: Buffer, totalChunks: number, accepted: string[]) {
    let pulled = 0;
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < totalChunks; i += 1) {
          pulled += 1;
          yield i === 0 ? Buffer.concat([first, Buffer.alloc(CHUNK - first.length)]) : Buffer.alloc(CHUNK);
        }
      })(),
    );
    const { stream } = inspectingStream(filename, {
      maxBytes: 5 * 1024 * 1024,
      tooLarge: () => new Error('too large'),
      accepted: accepted as never,
      notAccepted: () => new Error('not accepted'),
    });
    const sink = new Writable({ write: (_c, _e, done) => done() });
    const outcome = await pipeline(source, stream, sink).then(
      () => 'stored',
      (error: Error) => error.message,
    );
    return { outcome, pulled };
  }

  it('stops at the first bytes of a type the purpose does not accept', async () => {
    const result = await run('item.png', Buffer.from('MZ executable'), 100, ['image/png']);
    expect(result.outcome).toBe('not accepted');
    expect(result.pulled).toBeLessThan(5);
  });

  it('stops as soon as the limit is passed, without reading the rest', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0]);
    const result = await run('item.png', png, 200, ['image/png']);
    expect(result.outcome).toBe('too large');
    expect(result.pulled).toBeLessThan(5 * 16 + 5);
    expect(await run('item.png', png, 10, ['image/png'])).toMatchObject({ outcome: 'stored' });
  });
});
