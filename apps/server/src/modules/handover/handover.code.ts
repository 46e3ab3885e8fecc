import { randomInt, timingSafeEqual } from 'node:crypto';
import { HANDOVER_CODE_LENGTH } from '@escrow/shared/schemas/handover';

/** A fresh release code from the CSPRNG: six digits, leading zeros kept ('004217'). */
export function newReleaseCode(different?: string): string {
  for (;;) {
    const code = String(randomInt(0, 10 ** HANDOVER_CODE_LENGTH)).padStart(HANDOVER_CODE_LENGTH, '0');
    // A replacement is never the code it replaces (1 in a million, but then the old one would still work).
    if (code !== different) return code;
  }
}

/**
 * Whether the entered code is the stored one, in time that does not depend on where they differ. Both
 * are six ASCII digits (the body schema and the table's CHECK), so the lengths are equal; a length
 * mismatch is still a plain `false`, never an exception.
 */
export function sameCode(stored: string, entered: string): boolean {
  const a = Buffer.from(stored, 'utf8');
  const b = Buffer.from(entered, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
