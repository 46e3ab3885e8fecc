import type { UploadMimeType } from '@escrow/shared/schemas/uploads';

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
  const ext = extension(filename);
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(data, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(data, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07])) return 'application/vnd.rar';
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) {
    if (ext === 'docx' && data.includes('word/')) {
      return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    }
    return 'application/zip';
  }
  if (startsWith(data, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return ext === 'doc' ? 'application/msword' : null;
  if (ext === 'txt' && isPlainText(data)) return 'text/plain';
  return null;
}

function isPlainText(data: Buffer): boolean {
  if (data.length === 0) return false;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(data);
  if (text.includes('\uFFFD')) return false;
  // Tab, line feed, form feed and carriage return are text; other control characters are not.
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

/** The active-content PDF name found in the file, or null for an inert PDF (even a sloppy one). */
export function activePdfContent(data: Buffer): string | null {
  const text = data
    .toString('latin1')
    .replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  for (const name of ACTIVE_PDF_NAMES) {
    // A name ends at whitespace or a delimiter; '/JSON' or '/JavaScriptX' are other names.
    const pattern = new RegExp(`${name.replace('/', '\\/')}(?![A-Za-z0-9#_.-])`);
    if (pattern.test(text)) return name;
  }
  return null;
}
