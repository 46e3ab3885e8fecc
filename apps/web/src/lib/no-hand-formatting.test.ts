import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 17 §12: every amount on screen goes through lib/format.ts, so the spec's two forms (with kobo,
 * whole naira) cannot drift screen by screen. This reads the web sources and fails on a number
 * formatted by hand anywhere else (eslint.config.js says the same in the editor).
 */
const SRC = join(import.meta.dirname, '..');
const ALLOWED = new Set(['lib/format.ts']);

const HAND_FORMATTING: [string, RegExp][] = [
  ['Intl.NumberFormat', /\bIntl\.NumberFormat\b/],
  ['toLocaleString', /\.toLocaleString\(/],
  ['toFixed', /\.toFixed\(/],
  ["a currency symbol glued to a number ('₦' + x, `₦${x}`)", /₦['"`]?\s*(\+|\$\{)/],
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

describe('no screen formats numbers by hand', () => {
  it('recognises each kind of hand formatting', () => {
    expect(handFormatted('const a = new Intl.NumberFormat("en-NG").format(x);')).toEqual([
      'Intl.NumberFormat',
    ]);
    expect(handFormatted('n.toLocaleString("en-NG")')).toEqual(['toLocaleString']);
    expect(handFormatted('price.toFixed(2)')).toEqual(['toFixed']);
    expect(handFormatted("'₦' + price")).toHaveLength(1);
    expect(handFormatted('`₦${price}`')).toHaveLength(1);
    expect(handFormatted('label="Amount (₦)"')).toEqual([]);
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
