import { toMinor } from '@escrow/shared/domain/money';

/** Parses a typed amount exactly (commas allowed); null unless it is > 0 with at most 2 decimals. */
export function parseAmountMinor(text: string): number | null {
  const minor = toMinor(text.replace(/,/g, '').trim());
  return minor !== null && minor > 0 ? minor : null;
}
