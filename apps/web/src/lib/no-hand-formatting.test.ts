import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every amount on screen goes through lib/format.ts, so its two forms (with kobo,
 * whole naira) cannot drift screen by screen; so does every date and time, so all are
 * Lagos time whatever the device's zone. This reads the web sources and fails on a number or date
 * formatted by hand anywhere else (eslint.config.js says the same in the editor).
 */
const SRC = join(import.meta.dirname, '..');
const ALLOWED = new Set(['lib/format.ts']);

const HAND_FORMATTING: [string, RegExp][] = [
  ['Intl.NumberFormat', /\bIntl\.NumberFormat\b/],
  ['toLocaleString', /\.toLocaleString\(/],
  ['toFixed', /\.toFixed\(/],
  ["a currency symbol glued to a number ('₦' + x, `₦${x}`)", /₦['"`]?\s*(\+|\$\{)/],
  ['Intl.DateTimeFormat', /\bIntl\.DateTimeFormat\b/],
  ['toLocaleDateString/toLocaleTimeString', /\.toLocale(Date|Time)String\(/],
  [
    "a date part in the device's zone (getHours(), getDate()…)",
    /\.get(FullYear|Month|Date|Day|Hours|Minutes)\(\)/,
  ],
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function handFormatted(text: string): string[] {
  return HAND_FORMATTING.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
}

describe('no screen formats numbers or dates by hand', () => {
  it('recognises each kind of hand formatting', () => {
    expect(handFormatted('const a = new Intl.NumberFormat("en-NG").format(x);')).toEqual([
      'Intl.NumberFormat',
    ]);
    expect(handFormatted('n.toLocaleString("en-NG")')).toEqual(['toLocaleString']);
    expect(handFormatted('price.toFixed(2)')).toEqual(['toFixed']);
    expect(handFormatted("'₦' + price")).toHaveLength(1);
    expect(handFormatted('`₦${price}`')).toHaveLength(1);
    expect(handFormatted('label="Amount (₦)"')).toEqual([]);
    expect(handFormatted("new Intl.DateTimeFormat('en-NG').format(d)")).toEqual(['Intl.DateTimeFormat']);
    expect(handFormatted('Intl.DateTimeFormat().resolvedOptions().timeZone')).toEqual([
      'Intl.DateTimeFormat',
    ]);
    expect(handFormatted("d.toLocaleDateString('en-NG')")).toHaveLength(1);
    expect(handFormatted("d.toLocaleTimeString('en-NG')")).toHaveLength(1);
    expect(handFormatted('new Date().getFullYear()')).toHaveLength(1);
    expect(handFormatted('d.getUTCHours()')).toEqual([]);
  });

  it('finds none outside lib/format.ts', () => {
    const offenders = sources(SRC)
      .map((path) => ({
        file: relative(SRC, path).replaceAll('\\', '/'),
        found: handFormatted(readFileSync(path, 'utf8')),
      }))
      .filter(({ file, found }) => !ALLOWED.has(file) && found.length > 0);
    expect(offenders).toEqual([]);
  });
});
