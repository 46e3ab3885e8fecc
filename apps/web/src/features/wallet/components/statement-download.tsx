import { useId, useState } from 'react';
import { DownloadButton } from '../../../components/download-button';
import { lagosDay } from '../../../lib/dates';
import { formatMonthYear } from '../../../lib/format';
import { t } from '../../../lib/i18n';

/** The last 12 months in Lagos time, newest first: the months a statement can be asked for here. */
export function recentMonths(now = new Date()): { value: string; label: string }[] {
  const [year, month] = lagosDay(now).split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, back) => {
    // The 15th of each month is safely inside it whatever the time zone.
    const day = new Date(Date.UTC(year, month - 1 - back, 15));
    return { value: day.toISOString().slice(0, 7), label: formatMonthYear(day) };
  });
}

/** Monthly wallet statement (PDF) with opening and closing balance and every line of the month. */
export function StatementDownload() {
  const id = useId();
  const [months] = useState(() => recentMonths());
  const [month, setMonth] = useState(months[0]!.value);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
          {t('Statement month')}
        </label>
        <select
          id={id}
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900"
        >
          {months.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <DownloadButton path={`/wallet/statement?month=${month}`} fallbackName={`amana-statement-${month}.pdf`}>
        {t('Download Statement')}
      </DownloadButton>
    </div>
  );
}
