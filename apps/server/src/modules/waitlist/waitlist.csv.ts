/**
 * CSV (RFC 4180) that is safe to open in a spreadsheet: fields with quotes, commas or line breaks are
 * quoted with inner quotes doubled, and a cell that starts like a formula (= + - @, or a tab or
 * carriage return that some programs skip) gets a leading single quote so it is shown, never run
 * (OWASP "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: Array<string | number | null | undefined>): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
