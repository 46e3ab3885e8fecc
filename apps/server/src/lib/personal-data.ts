import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { CLOSED_ACCOUNT_NAME } from '@escrow/shared/schemas/privacy';

/**
 * Removing a closed account's personal data from text written while it was open (docs/privacy.md):
 * activity lines, SYSTEM chat messages and notifications copy a party's name at the time they are
 * written ('Ada Obi paid ₦1,025.00 into escrow'). Each module that owns such text rewrites it with
 * these helpers, replacing every former name, e-mail or phone by 'Closed account'.
 */

/**
 * The former personal values as one case-insensitive pattern source, valid both as a JavaScript
 * RegExp and as a PostgreSQL regular expression (ARE); null when there is nothing to look for.
 */
export type Needles = { readonly source: string | null };

/** Values shorter than this are too common to replace safely inside free text. */
const MIN_NEEDLE_LENGTH = 3;
const PHONE = /^\+?[\d\s().-]+$/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A phone number written with any spacing ('0809 555 0199', '0809-555-0199', '+234 809 555 0199'). */
function phonePatterns(value: string): string[] {
  const digits = value.replace(/\D/g, '');
  const spaced = (d: string) => d.split('').join('[\\s().-]*');
  // A Nigerian number is also written internationally: 0809… is +234 809….
  const international =
    digits.length === 11 && digits.startsWith('0') ? [`\\+?${spaced(`234${digits.slice(1)}`)}`] : [];
  return [spaced(digits), ...international];
}

export function needlesOf(values: readonly (string | null | undefined)[]): Needles {
  const kept = new Set<string>();
  for (const value of values) {
    const trimmed = value?.trim();
    if (!trimmed || trimmed.length < MIN_NEEDLE_LENGTH) continue;
    if (PHONE.test(trimmed) && trimmed.replace(/\D/g, '').length >= 7)
      for (const pattern of phonePatterns(trimmed)) kept.add(pattern);
    else kept.add(escapeRegExp(trimmed));
  }
  // Longest first, so a full name is replaced before any shorter value inside it.
  const sources = [...kept].sort((a, b) => b.length - a.length);
  return { source: sources.length ? sources.join('|') : null };
}

/** The text with every needle (any letter case) replaced by 'Closed account'. */
export function redactText(text: string, needles: Needles): string {
  if (!needles.source) return text;
  return text.replace(new RegExp(needles.source, 'gi'), CLOSED_ACCOUNT_NAME);
}

/** A JSON value with every string in it (keys left alone) redacted. */
export function redactJson<T>(value: T, needles: Needles): T {
  if (typeof value === 'string') return redactText(value, needles) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => redactJson(item, needles)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, redactJson(item, needles)]),
    ) as T;
  return value;
}

/**
 * A condition true when the column's text (a jsonb column's text form) matches any needle, any letter
 * case: it only narrows the rows a module reads to redact; the replacing itself is `redactText`.
 */
export function mentionsAny(column: SQLWrapper, needles: Needles): SQL {
  if (!needles.source) return sql`false`;
  return sql`(${column}::text ~* ${needles.source})`;
}
