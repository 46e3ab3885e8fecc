/**
 * The languages the product speaks (docs/languages.md). `en` is Nigerian English (en-NG) and the
 * default. Numbers, money and dates keep the en-NG formats in every language (domain/en-ng-format.ts).
 */
export const LANGUAGES = ['en', 'pcm', 'yo', 'ha', 'ig'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, as the switcher shows it (a reader finds their own language). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  pcm: 'Naijá (Pidgin)',
  yo: 'Yorùbá',
  ha: 'Hausa',
  ig: 'Igbo',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The supported language a tag names, with or without region or script (`yo`, `yo-NG`, `pcm_NG`,
 * `en-GB`), case-insensitive; null for any other.
 */
export function matchLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

/**
 * The first supported language of an Accept-Language header, by quality (q) then order; null when the
 * header names none (RFC 9110 §12.5.4). Malformed entries are skipped, q=0 means "not this one".
 */
export function negotiateLanguage(header: string | null | undefined): Language | null {
  if (!header || header.length > 1_000) return null;
  let best: { language: Language; q: number } | null = null;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.split(';');
    const language = matchLanguage(tag);
    if (!language) continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split('=');
      if (name?.trim().toLowerCase() === 'q') q = Number(value);
    }
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    if (!best || q > best.q) best = { language, q };
  }
  return best?.language ?? null;
}

/** The account's saved language wins, then the browser's Accept-Language, then English. */
export function pickLanguage(saved: string | null | undefined, acceptLanguage?: string | null): Language {
  return (isLanguage(saved) ? saved : null) ?? negotiateLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}
