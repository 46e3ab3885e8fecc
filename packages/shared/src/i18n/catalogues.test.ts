import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
// The extraction the lint runs (scripts/i18n/extract.mjs): the ids every t('…') and msg('…') names.
import { collectMessages } from '../../../../scripts/i18n/extract.mjs';
import { messageKey } from './message-key';
import messages from './messages.json';

/**
 * Every catalogue holds exactly the messages the code names, each translated with the same
 * placeholders, plurals and selects as its English text (docs/languages.md, "Catalogues").
 */
const LANGUAGES = ['pcm', 'yo', 'ha', 'ig'] as const;
const dir = (language: string) => fileURLToPath(new URL(`./catalogues/${language}/`, import.meta.url));
const byNamespace = messages as Record<string, string[]>;
const allIds = Object.values(byNamespace).flat();

/** Names that read the same in every language: a text made only of these may stay as it is. */
const NAMES = [
  'Amana Escrow',
  'Amana',
  'Paystack',
  'NIN',
  'BVN',
  'CAC',
  'NGN',
  'Naira',
  'OK',
  'ID',
  'PDF',
  'CSV',
  'API',
  'SMS',
  'URL',
  'QR',
  'FAQ',
];

type Shape = string[];
/** The arguments of a compiled ICU message, with their type and (for select) their branches. */
function shapeOf(compiled: unknown, into: Shape = []): Shape {
  if (!Array.isArray(compiled)) return into;
  for (const token of compiled) {
    if (!Array.isArray(token)) continue;
    const [name, type, options] = token as [string, string | undefined, Record<string, unknown> | undefined];
    into.push(`${name}:${type ?? 'arg'}`);
    if (type === 'select' && options) into.push(`${name}:branches=${Object.keys(options).sort().join('|')}`);
    if (options && typeof options === 'object')
      for (const branch of Object.values(options)) shapeOf(branch, into);
  }
  return into;
}
const sortedShape = (message: string) => [...new Set(shapeOf(compileMessage(message)))].sort();

/** The words of a text as a reader sees them: its literal parts (every branch), without names. */
function words(text: string): string[] {
  const literals: string[] = [];
  const walk = (compiled: unknown) => {
    if (typeof compiled === 'string') literals.push(compiled);
    else if (Array.isArray(compiled))
      for (const token of compiled) {
        if (typeof token === 'string') literals.push(token);
        else if (Array.isArray(token) && token[2] && typeof token[2] === 'object')
          Object.values(token[2] as Record<string, unknown>).forEach(walk);
      }
  };
  walk(compileMessage(text));
  let plain = literals.join(' ');
  for (const name of NAMES) plain = plain.replaceAll(name, ' ');
  return plain.match(/\p{L}{2,}/gu) ?? [];
}

describe('messages.json', () => {
  it('is what the code names (run node scripts/i18n/extract.mjs)', () => {
    const { messages: extracted, problems } = collectMessages();
    expect(problems).toEqual([]);
    expect(extracted).toEqual(byNamespace);
  });

  it('holds valid ICU messages whose web keys do not collide', () => {
    const keys = new Map<string, string>();
    for (const id of allIds) {
      expect(() => compileMessage(id), id).not.toThrow();
      const key = messageKey(id);
      expect(keys.get(key) ?? id, `"${id}" and "${keys.get(key)}" share a key`).toBe(id);
      keys.set(key, id);
    }
  });
});

describe.each(LANGUAGES)('the %s catalogue', (language) => {
  const files = existsSync(dir(language)) ? readdirSync(dir(language)) : [];
  const catalogue = (namespace: string): Record<string, string> =>
    JSON.parse(readFileSync(`${dir(language)}${namespace}.json`, 'utf8')) as Record<string, string>;

  it('has one file per namespace and nothing else (run node scripts/i18n/sync.mjs)', () => {
    expect(files.sort()).toEqual(
      Object.keys(byNamespace)
        .map((namespace) => `${namespace}.json`)
        .sort(),
    );
  });

  it.each(Object.keys(byNamespace))('%s: every message, no other, with its placeholders', (namespace) => {
    const translations = catalogue(namespace);
    const ids = byNamespace[namespace]!;
    expect(
      Object.keys(translations).filter((id) => !ids.includes(id)),
      'extra messages',
    ).toEqual([]);
    expect(
      ids.filter((id) => !(id in translations)),
      'missing translations',
    ).toEqual([]);
    for (const id of ids) {
      const translation = translations[id]!;
      expect(translation.trim(), `empty translation of "${id}"`).not.toBe('');
      expect(() => compileMessage(translation), `"${translation}" is not valid ICU`).not.toThrow();
      expect(sortedShape(translation), `placeholders of "${translation}"`).toEqual(sortedShape(id));
      // English may not stand in, but for names; Pidgin says many short things in English words.
      const englishWords = words(id);
      const sameAsEnglish = translation === id && englishWords.length > 0;
      const pidginShort = language === 'pcm' && englishWords.length <= 2;
      expect(sameAsEnglish && !pidginShort, `${language}: "${id}" is left in English`).toBe(false);
    }
  });
});
