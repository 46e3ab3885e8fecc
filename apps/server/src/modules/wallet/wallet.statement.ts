import { sql } from 'drizzle-orm';
import { WALLET_CURRENCY } from '@escrow/shared/domain/limits';
import { toMajor } from '@escrow/shared/domain/money';
import type { WalletEntry } from '@escrow/shared/schemas/wallet';
import type { UserRow } from '../auth/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { translate, type Language, type MessageParams } from '../../lib/i18n.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { PdfWriter, pdfMoney } from '../../lib/pdf.ts';
import { walletBalanceBefore } from '../ledger/index.ts';
import type { WalletDeps } from './wallet.deps.ts';
import { historySource, toEntry, type HistoryRow } from './wallet.history.ts';

/** A month's lines are few; this bounds the statement of an extraordinary month all the same. */
const MAX_LINES = 5_000;
const SIGN: Record<WalletEntry['type'], 1 | -1> = {
  credit: 1,
  escrow_release: 1,
  debit: -1,
  escrow_hold: -1,
  fee: -1,
};

const lagosMonth = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
});
const monthName = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  month: 'long',
  year: 'numeric',
});
const lagosDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', dateStyle: 'medium' });

/** 'YYYY-MM' → the first instant of that month in Lagos (UTC+1 all year) and of the next. */
function monthBounds(month: string): { start: Date; end: Date } {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const next = index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, '0')}`;
  return { start: new Date(`${month}-01T00:00:00+01:00`), end: new Date(`${next}-01T00:00:00+01:00`) };
}

/**
 * The wallet statement of one month as a PDF: opening and closing balance from the ledger, and every
 * line of the wallet history in that month (card and transfer payments into escrow listed, but not
 * counted in the balance, since they never passed through the wallet).
 */
export async function walletStatementPdf(
  deps: WalletDeps,
  user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>,
  requestedMonth: string | undefined,
  language: Language = 'en',
): Promise<{ filename: string; bytes: Uint8Array }> {
  const t = (id: string, params?: MessageParams) => translate(language, id, params);
  const now = deps.clock.now();
  const month = requestedMonth ?? lagosMonth.format(now);
  const { start, end } = monthBounds(month);
  if (start > now) throw badRequest(msg('A statement can only cover a month that has started'));
  const currency = WALLET_CURRENCY;
  const [opening, closing, listed] = await Promise.all([
    walletBalanceBefore(deps.db, user.id, currency, start),
    walletBalanceBefore(deps.db, user.id, currency, end < now ? end : new Date(now.getTime() + 1)),
    deps.db.execute(sql`select * from (${historySource(user.id, currency)}) h
      where h.date >= ${start.toISOString()}::timestamptz and h.date < ${end.toISOString()}::timestamptz
      order by h.date asc, h.id asc limit ${MAX_LINES}`) as Promise<{ rows: HistoryRow[] }>,
  ]);
  const entries = listed.rows.map((row) => toEntry(row, language));
  const counted = entries.filter((entry) => entry.status === 'completed' && !entry.outsideWallet);
  const total = (sign: 1 | -1) =>
    counted.filter((entry) => SIGN[entry.type] === sign).reduce((sum, entry) => sum + entry.amount, 0);

  const pdf = await PdfWriter.create(t(msg('Amana Escrow wallet statement {month}'), { month }));
  pdf.heading(t(msg('Amana Escrow - Wallet statement')));
  pdf.note(
    t(msg('{month}. Generated {date}. Amounts in {currency}.'), {
      month: monthName.format(start),
      date: lagosDay.format(now),
      currency,
    }),
  );
  pdf.subheading(t(msg('Account')));
  pdf.field(t(msg('Account holder')), `${user.firstName} ${user.lastName}`);
  pdf.field(t(msg('E-mail')), user.email);
  pdf.field(t(msg('Opening balance')), pdfMoney(toMajor(opening), currency));
  pdf.field(t(msg('Money in')), pdfMoney(total(1), currency));
  pdf.field(t(msg('Money out')), pdfMoney(-total(-1), currency));
  pdf.field(t(msg('Closing balance')), pdfMoney(toMajor(closing), currency));

  pdf.subheading(t(msg('Movements')));
  // Whole in DejaVu Sans at 9 pt: a reference ('esc_' and 32 hex digits, at most 203 pt) and the
  // longest description ('Card payment into escrow *', 126 pt); an amount in millions too.
  const widths = [64, 136, 212, 87];
  pdf.row([t(msg('Date')), t(msg('Description')), t(msg('Reference')), t(msg('Amount'))], widths, true);
  if (!entries.length) pdf.note(t(msg('No money moved in this month.')));
  for (const entry of entries) {
    // A line paid straight into escrow is marked '*' (the note below); one not completed says its status.
    const line = entry.outsideWallet
      ? `${entry.description} *`
      : entry.status === 'completed'
        ? entry.description
        : t(msg('{description} ({status, select, pending {pending} failed {failed} other {{status}}})'), {
            description: entry.description,
            status: entry.status,
          });
    pdf.row(
      [
        lagosDay.format(new Date(entry.date)),
        line,
        entry.reference ?? entry.transactionId ?? '',
        pdfMoney(SIGN[entry.type] * entry.amount, currency),
      ],
      widths,
    );
  }
  pdf.note(
    t(
      msg(
        '* Paid by card or bank transfer straight into escrow: listed for your records, not counted in the balance.',
      ),
    ),
  );
  return { filename: `amana-statement-${month}.pdf`, bytes: await pdf.bytes() };
}
