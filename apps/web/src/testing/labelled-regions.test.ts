import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `aria-labelledby` names an element only when it has a role that takes a name; on a
 * plain `div` (a Card) screen readers ignore it. Elements with their own role (section, form, nav…)
 * are fine; a generic one must say `role="region"` or `role="group"`.
 */
const SRC = join(import.meta.dirname, '..');
const GENERIC = new Set(['div', 'span', 'p', 'Card']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** The generic elements in `text` labelled by `aria-labelledby` without a role. */
function unnamedRegions(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/aria-labelledby=/g)) {
    const start = text.lastIndexOf('<', match.index);
    const tag = /^<([A-Za-z][\w.]*)/.exec(text.slice(start))?.[1];
    const attributes = text.slice(start, text.indexOf('>', match.index) + 1);
    if (tag && GENERIC.has(tag) && !/\brole=/.test(attributes)) found.push(tag);
  }
  return found;
}

describe('aria-labelledby on generic elements', () => {
  it('is recognised with and without a role', () => {
    expect(unnamedRegions('<Card aria-labelledby="t">')).toEqual(['Card']);
    expect(unnamedRegions('<div className="x"\n  aria-labelledby="t">')).toEqual(['div']);
    expect(unnamedRegions('<Card role="region" aria-labelledby="t">')).toEqual([]);
    expect(unnamedRegions('<section aria-labelledby="t">')).toEqual([]);
  });

  it('always comes with a role', () => {
    const offenders = sources(SRC)
      .map((path) => ({ file: relative(SRC, path), tags: unnamedRegions(readFileSync(path, 'utf8')) }))
      .filter(({ tags }) => tags.length > 0);
    expect(offenders).toEqual([]);
  });
});
