import { constants, inflateSync } from 'node:zlib';

/**
 * Why compressed PDF streams are opened. The names that make a PDF act (/JavaScript, /Launch, ...) live
 * in dictionaries, and a dictionary is either in the file's plain text or inside an object stream
 * (PDF 1.5+), which is almost always Flate-compressed: pdf-lib's default `save()` puts the catalog and
 * its /OpenAction there, so the raw bytes show nothing. Every Flate stream is therefore probed: its first
 * bytes are inflated, and one that may be an object stream (its text starts with the header's integer
 * pairs, or with nothing but whitespace and comments so far, or with another Flate layer) is inflated
 * whole and handed back for the name scan. Other streams (page content, images, fonts) hold data no
 * reader takes actions from; they are only probed, so a large image costs little.
 *
 * Everything is bounded, so a zip bomb costs at most WORK_BUDGET bytes of inflating: a file whose streams
 * need more, or whose possible object stream is damaged or nested too deep, cannot be checked and is
 * refused (fail closed). Known gap: object streams under other filters (ASCIIHex, ASCII85, LZW) or
 * encryption are not opened.
 */
export const PDF_UNCHECKABLE = 'unchecked compressed content';

/** Total bytes inflated per file, probes included (memory and CPU bound). */
const WORK_BUDGET = 32 * 1024 * 1024;
/** Compressed bytes a probe reads: past a dynamic Huffman header, at most ~1032× as many out. */
const PROBE_INPUT = 512;
const PROBE_OUTPUT = 1024 * 1024;
const MAX_FLATE_LAYERS = 3;
const MAX_STREAMS = 10_000;

// The keyword, spaces a lenient reader skips, and the end of line (some readers do without one).
const STREAM_START = /(?<![A-Za-z])stream[ \t\0\f]*(?:\r\n|\n|\r(?!\n))?/g;
const STREAM_END = 'endstream';
// Longest token looked for across a chunk boundary ('endstream', 'stream\r\n' plus two header bytes).
const CARRY = 16;

const isZlibHeader = (data: Buffer) =>
  data.length >= 2 &&
  (data[0]! & 0x0f) === 8 &&
  data[0]! >> 4 <= 7 &&
  ((data[0]! << 8) | data[1]!) % 31 === 0;

// PDF whitespace (NUL, tab, LF, FF, CR, space) and comments, which a reader skips between tokens.
const LEADING_FILLER = /^(?:[\0\t\n\f\r ]|%[^\r\n]*(?:\r\n|\n|\r|$))*/;
const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)`;
const HEADER_START = new RegExp(String.raw`^${NUMBER}(?:[\0\t\n\f\r ]|%[^\r\n]*)+${NUMBER}`);

/** Whether inflated text may be (the start of) an object stream or another Flate layer. */
function mayHoldObjects(start: Buffer): boolean {
  if (isZlibHeader(start)) return true;
  const text = start.toString('latin1');
  const rest = text.slice(LEADING_FILLER.exec(text)![0].length);
  // Too little text to judge (only whitespace and comments so far, or a lone number): open it.
  if (/^(?:[+-]?[\d.]*)$/.test(rest)) return true;
  return HEADER_START.test(rest);
}

/**
 * Finds the Flate streams of a PDF as its bytes stream in (`stream` EOL, a zlib header, up to
 * `endstream`) and hands `onObjects` the inflated text of those that may hold objects. Only one
 * stream's compressed bytes are held at a time. A stream starting inside another one (which an honest
 * file never has, but a fake `stream` in a string could hide a real one that way) marks the file
 * uncheckable.
 */
export class PdfStreamInflater {
  /** Unconsumed bytes of the previous chunk: a token cut by the chunk's end, plus one byte before it. */
  private tail = Buffer.alloc(0);
  private tailSkip = 0;
  private collecting: Buffer[] | null = null;
  private work = 0;
  private streams = 0;
  uncheckable = false;

  constructor(private readonly onObjects: (inflated: Buffer) => void) {}

  update(chunk: Buffer) {
    if (this.uncheckable) return;
    const data = this.tail.length ? Buffer.concat([this.tail, chunk]) : chunk;
    let pos = this.tailSkip;
    this.tail = Buffer.alloc(0);
    this.tailSkip = 0;
    while (pos < data.length && !this.uncheckable) {
      if (this.collecting) {
        const end = data.indexOf(STREAM_END, pos, 'latin1');
        const upTo = end === -1 ? Math.max(pos, data.length - CARRY) : end;
        if (this.nextStart(data, pos, upTo) !== null) return void (this.uncheckable = true);
        this.collecting.push(data.subarray(pos, upTo));
        if (end === -1) return this.keep(data, upTo);
        this.judge(Buffer.concat(this.collecting));
        this.collecting = null;
        pos = end + STREAM_END.length;
        continue;
      }
      const at = this.nextStart(data, pos, data.length);
      if (at === null) return this.keep(data, Math.max(pos, data.length - CARRY));
      if (at < 0) return this.keep(data, -at - 1); // a start cut by the chunk's end: wait for its bytes
      if (isZlibHeader(data.subarray(at, at + 2))) this.collecting = [];
      pos = at;
    }
  }

  finish() {
    // A stream without `endstream` is judged on what arrived.
    if (this.collecting && !this.uncheckable) {
      this.collecting.push(this.tail.subarray(this.tailSkip));
      this.judge(Buffer.concat(this.collecting));
    }
    this.collecting = null;
  }

  /** Keeps the bytes from `from` for the next chunk, with the byte before as context. */
  private keep(data: Buffer, from: number) {
    const context = from > 0 ? 1 : 0;
    this.tail = Buffer.from(data.subarray(from - context));
    this.tailSkip = context;
  }

  /**
   * Where the data of the next stream starting in [from, to) begins; for a collecting caller, only
   * starts followed by a zlib header count. Null when there is none; -(start + 1) when one may be cut by
   * the chunk's end.
   */
  private nextStart(data: Buffer, from: number, to: number): number | null {
    const text = data.toString('latin1', Math.max(0, from - 1), to);
    const offset = Math.max(0, from - 1);
    STREAM_START.lastIndex = from - offset;
    for (let m = STREAM_START.exec(text); m; m = STREAM_START.exec(text)) {
      const at = offset + m.index + m[0].length;
      if (at + 2 > data.length) return -(offset + m.index) - 1;
      if (!this.collecting || isZlibHeader(data.subarray(at, at + 2))) return at;
    }
    return null;
  }

  /** Probes one Flate stream and, if it may hold objects, inflates it whole within the budget. */
  private judge(data: Buffer) {
    if (++this.streams > MAX_STREAMS) return void (this.uncheckable = true);
    let layer = data;
    for (let depth = 0; depth < MAX_FLATE_LAYERS; depth++) {
      const probe = this.inflate(layer.subarray(0, PROBE_INPUT), PROBE_OUTPUT, constants.Z_SYNC_FLUSH);
      if (!probe || !mayHoldObjects(probe)) return;
      const whole = this.inflate(layer, WORK_BUDGET, constants.Z_FINISH);
      if (!whole) return;
      if (!isZlibHeader(whole)) return this.onObjects(whole);
      layer = whole;
    }
    this.uncheckable = true;
  }

  /** Inflates within the remaining budget; a failure (damaged, too large) marks the file uncheckable. */
  private inflate(data: Buffer, limit: number, finishFlush: number): Buffer | null {
    const maxOutputLength = Math.min(limit, WORK_BUDGET - this.work);
    if (maxOutputLength <= 0) {
      this.uncheckable = true;
      return null;
    }
    try {
      const out = inflateSync(data, { maxOutputLength, finishFlush });
      this.work += out.length;
      return out;
    } catch {
      this.work += maxOutputLength;
      this.uncheckable = true;
      return null;
    }
  }
}
