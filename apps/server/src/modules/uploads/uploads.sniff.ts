import { createHash } from 'node:crypto';
import type { UploadMimeType } from '@escrow/shared/schemas/uploads';
import { PDF_UNCHECKABLE, PdfStreamInflater } from './uploads.pdf-streams.ts';

const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const extension = (filename: string) => /\.([a-z0-9]{1,8})$/i.exec(filename)?.[1]?.toLowerCase() ?? '';

/**
 * The file's real type from its first bytes (magic numbers), never from its name or the browser's
 * claim. Containers that several formats share (ZIP for docx, OLE for doc) also need the matching
 * extension; plain text must be valid UTF-8 without control bytes. Unknown content → null.
 */
export function sniffMimeType(data: Buffer, filename: string): UploadMimeType | null {
  const facts = new ContentFacts(filename);
  facts.update(data);
  return facts.finish().mimeType;
}

const HEAD_BYTES = 16;

/**
 * What a file's content says, learned chunk by chunk as it streams in (only a few bytes are kept):
 * its size and SHA-256, its type (as `sniffMimeType` decides it), and for a PDF the active content
 * `activePdfContent` looks for.
 */
export class ContentFacts {
  size = 0;
  private head = Buffer.alloc(0);
  private readonly hash = createHash('sha256');
  private readonly extension: string;
  private readonly word: SubstringScanner | null;
  private readonly text: PlainTextScanner | null;
  private pdf: ActivePdfScanner | null = new ActivePdfScanner();

  constructor(filename: string) {
    this.extension = extension(filename);
    this.word = this.extension === 'docx' ? new SubstringScanner('word/') : null;
    this.text = this.extension === 'txt' ? new PlainTextScanner() : null;
  }

  update(chunk: Buffer) {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.head.length < HEAD_BYTES)
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    this.word?.update(chunk);
    this.text?.update(chunk);
    // Scanned only while the file may still be a PDF.
    if (this.pdf && !couldStartWith(this.head, PDF_MAGIC)) this.pdf = null;
    this.pdf?.update(chunk);
  }

  finish(): { size: number; sha256: string; mimeType: UploadMimeType | null; activePdf: string | null } {
    const mimeType = this.mimeType();
    const activePdf = mimeType === 'application/pdf' ? (this.pdf?.finish() ?? null) : null;
    return { size: this.size, sha256: this.hash.digest('hex'), mimeType, activePdf };
  }

  /**
   * The types the file can still turn out to be, judged from its first bytes (the extension decides
   * between the formats that share a container); null until enough bytes have arrived.
   */
  possibleTypes(): UploadMimeType[] | null {
    if (this.head.length < HEAD_BYTES) return null;
    if (startsWith(this.head, [0x50, 0x4b, 0x03, 0x04]))
      return this.extension === 'docx'
        ? ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip']
        : ['application/zip'];
    const type = this.mimeType(true);
    // What the bytes show wins over the name: a PNG called 'me.txt' is a PNG. Only a file that shows no
    // other type is judged as text, and refused as soon as it stops being plain text.
    if (type === 'text/plain' && !this.text?.finishable()) return [];
    return type ? [type] : [];
  }

  private mimeType(optimistic = false): UploadMimeType | null {
    const data = this.head;
    const ext = this.extension;
    if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
    if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
    if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'image/gif';
    if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
    if (startsWith(data, PDF_MAGIC)) return 'application/pdf';
    if (startsWith(data, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07])) return 'application/vnd.rar';
    if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) {
      if (ext === 'docx' && this.word?.found) {
        return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
      }
      return 'application/zip';
    }
    if (startsWith(data, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
      return ext === 'doc' ? 'application/msword' : null;
    if (ext === 'txt' && (optimistic || (this.size > 0 && this.text?.finish()))) return 'text/plain';
    return null;
  }
}

const PDF_MAGIC = ascii('%PDF-');
const couldStartWith = (head: Buffer, magic: number[]) =>
  head.length >= magic.length
    ? startsWith(head, magic)
    : magic.slice(0, head.length).every((b, i) => head[i] === b);

/** Whether a string occurs anywhere in the stream (a match may span two chunks). */
class SubstringScanner {
  found = false;
  private tail = '';
  constructor(private readonly needle: string) {}
  update(chunk: Buffer) {
    if (this.found) return;
    const text = this.tail + chunk.toString('latin1');
    this.found = text.includes(this.needle);
    this.tail = text.slice(-(this.needle.length - 1));
  }
}

/** Valid UTF-8 without control characters (tab, line feed, form feed and carriage return are text). */
class PlainTextScanner {
  private readonly decoder = new TextDecoder('utf-8', { fatal: false });
  private ok = true;
  /** False once the text so far is already not plain text. */
  finishable(): boolean {
    return this.ok;
  }
  update(chunk: Buffer) {
    if (this.ok) this.ok = isPlainText(this.decoder.decode(chunk, { stream: true }));
  }
  finish(): boolean {
    const rest = this.decoder.decode();
    return this.ok && (rest === '' || isPlainText(rest));
  }
}

function isPlainText(text: string): boolean {
  if (text.includes('\uFFFD')) return false;
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text);
}

/** A name safe to echo in headers and answers: no path, no control characters, bounded length. */
export function safeFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001F\u007F"]/g, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'file';
}

/**
 * PDF names that make a document act rather than show: scripts, launching programs, embedded files and
 * actions run on open or on events (/OpenAction and /AA only matter when they point at one of these, but
 * an inert file has no reason to hold any of the first four at all). Names may be written with #xx
 * escapes ('/Java#53cript'), so they are decoded before matching.
 */
const ACTIVE_PDF_NAMES = ['/JavaScript', '/JS', '/Launch', '/EmbeddedFile', '/EmbeddedFiles'];

/**
 * The active-content PDF name found in the file (its object streams opened), PDF_UNCHECKABLE when a
 * compressed part cannot be opened within bounds, or null for an inert PDF (even a sloppy one).
 */
export function activePdfContent(data: Buffer): string | null {
  const scanner = new ActivePdfScanner();
  scanner.update(data);
  return scanner.finish();
}

// Longer than any active name with its following character; names are matched once decoded.
const PDF_OVERLAP = 64;
const ACTIVE_PDF_PATTERNS = ACTIVE_PDF_NAMES.map(
  // A name ends at whitespace or a delimiter; '/JSON' or '/JavaScriptX' are other names.
  (name) => [name, new RegExp(`${name.replace('/', '\\/')}(?![A-Za-z0-9#_.-])`, 'g')] as const,
);

/**
 * Looks for the active names chunk by chunk: #xx escapes are decoded as the bytes arrive (an escape cut
 * by a chunk's end waits for the next), and each window keeps the previous one's last characters, so a
 * name that spans two chunks is found where it ends.
 */
class ActivePdfScanner {
  private pending = '';
  private window = '';
  private found: string | null = null;
  // The text of object streams is scanned for names only: streams inside it are not opened again, so
  // the inflating budget is spent once per file.
  private readonly streams: PdfStreamInflater | null;

  constructor(openStreams = true) {
    this.streams = openStreams
      ? new PdfStreamInflater((objects) => {
          const scanner = new ActivePdfScanner(false);
          scanner.update(objects);
          this.found ??= scanner.finish();
        })
      : null;
  }

  update(chunk: Buffer) {
    if (this.found) return;
    this.streams?.update(chunk);
    const raw = this.pending + chunk.toString('latin1');
    const cut = /#[0-9a-fA-F]?$/.exec(raw)?.index ?? raw.length;
    this.pending = raw.slice(cut);
    this.scan(this.window + decodeNames(raw.slice(0, cut)), false);
  }

  finish(): string | null {
    if (!this.found) this.streams?.finish();
    if (!this.found) this.scan(this.window + decodeNames(this.pending), true);
    if (!this.found && this.streams?.uncheckable) this.found = PDF_UNCHECKABLE;
    return this.found;
  }

  private scan(text: string, last: boolean) {
    // A match starting in the last PDF_OVERLAP characters is judged with the next chunk (its end may follow).
    const limit = last ? text.length : text.length - PDF_OVERLAP;
    for (const [name, pattern] of ACTIVE_PDF_PATTERNS) {
      pattern.lastIndex = 0;
      for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
        if (m.index >= limit) break;
        this.found = name;
        return;
      }
    }
    this.window = text.slice(-PDF_OVERLAP);
  }
}

const decodeNames = (text: string) =>
  text.replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
