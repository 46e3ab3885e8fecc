import { describe, expect, it } from 'vitest';
import { safeFilename, sniffMimeType } from './uploads.sniff.ts';

const bytes = (...values: number[]) => Buffer.from(values);

describe('sniffMimeType', () => {
  it.each([
    [bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0), 'a.jpg', 'image/jpeg'],
    [bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'a.png', 'image/png'],
    [Buffer.from('GIF89a....'), 'a.gif', 'image/gif'],
    [Buffer.from('RIFF\0\0\0\0WEBPVP8 '), 'a.webp', 'image/webp'],
    [Buffer.from('%PDF-1.7\n'), 'a.pdf', 'application/pdf'],
    [Buffer.from('Rar!\x1a\x07\x00'), 'a.rar', 'application/vnd.rar'],
    [
      Buffer.concat([bytes(0x50, 0x4b, 0x03, 0x04), Buffer.from('word/document.xml')]),
      'a.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [bytes(0x50, 0x4b, 0x03, 0x04, 0), 'a.zip', 'application/zip'],
    [bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), 'a.doc', 'application/msword'],
    [Buffer.from('hello\tworld\r\n'), 'a.txt', 'text/plain'],
  ])('recognises %s as %s', (data, name, type) => {
    expect(sniffMimeType(data, name)).toBe(type);
  });

  it.each([
    [bytes(0x4d, 0x5a, 0x90, 0), 'a.png'],
    [Buffer.from('<svg onload=alert(1)>'), 'a.svg'],
    [Buffer.from('<html>'), 'a.html'],
    [bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), 'a.xls'],
    [bytes(0, 1, 2, 3), 'a.txt'],
    [Buffer.from('hello'), 'a.exe'],
  ])('refuses %s named %s', (data, name) => {
    expect(sniffMimeType(data, name)).toBeNull();
  });
});

describe('safeFilename', () => {
  it('drops paths, quotes and control characters and bounds the length', () => {
    expect(safeFilename('../../etc/passwd')).toBe('passwd');
    expect(safeFilename('C:\\temp\\a"b\r\n.png')).toBe('ab.png');
    expect(safeFilename('')).toBe('file');
    expect(safeFilename('x'.repeat(500))).toHaveLength(200);
  });
});
