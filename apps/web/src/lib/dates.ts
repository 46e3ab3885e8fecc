import type { Clock } from '@escrow/shared/domain/clock';
import { todayInLagos } from '@escrow/shared/domain/nigeria';

/**
 * Dates typed as people in Nigeria write them (en-NG, dd/mm/yyyy). A native date input follows the
 * browser's locale (mm/dd/yyyy in a US browser), so date fields are text fields read here. A typed day
 * (and time) means Lagos time whatever the device's zone, as every date shown does (lib/format.ts).
 */
export const DATE_FORMAT_HINT = 'dd/mm/yyyy';

/** 'd/m/yyyy' or 'dd/mm/yyyy' (also with '-' or '.') → ISO 'yyyy-mm-dd', or null when not a real date. */
export function parseDisplayDate(text: string): string | null {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** ISO 'yyyy-mm-dd' → 'dd/mm/yyyy'. */
export function formatDisplayDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * react-hook-form `setValueAs` for a date field: the ISO date the schemas check, or the text as typed
 * when it is not a date (the schema then refuses it with the field's own message).
 */
export function dateValue(text: unknown): string {
  if (typeof text !== 'string') return '';
  return parseDisplayDate(text) ?? text.trim();
}

/** West Africa Time: UTC+1 all year (no daylight saving). */
const LAGOS_OFFSET = '+01:00';

/** The instant a Lagos day and time of day name: ('2026-03-05', '09:15') → 2026-03-05T08:15:00.000Z. */
export function lagosMoment(day: string, time = '00:00'): Date {
  return new Date(`${day}T${time}${LAGOS_OFFSET}`);
}

/** The Lagos calendar day an instant falls on, as ISO 'yyyy-mm-dd'. */
export const lagosDay = (value: string | number | Date): string => todayInLagos(new Date(value));

/**
 * The device's time, for the shared rules that depend on "today" (a delivery or due date not in the
 * past, a date of birth not in the future); the server checks the same rules with its own clock.
 */
export const deviceClock: Clock = { now: () => new Date() };
