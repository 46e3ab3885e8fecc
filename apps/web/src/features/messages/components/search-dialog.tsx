import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { msg } from '@escrow/shared/i18n/msg';
import { MESSAGE_TYPES, type Message, type MessageType } from '@escrow/shared/schemas/messages';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/panels';
import { Spinner } from '../../../components/ui/spinner';
import { api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { relativeTime } from '../../../widgets/chat/day-groups';
import { recentSearches, rememberSearch } from '../lib/recent-searches';

const DEBOUNCE_MS = 300;
const MIN_LENGTH = 2;
const DAY = 86_400_000;
const LAGOS_OFFSET = 3_600_000;
const SINCE = { all: null, today: 1, week: 7, month: 30 } as const;
type Since = keyof typeof SINCE;
type Result = Message & { transactionDescription: string };
/** The type filter's options, named as the API names the types (shown with t()). */
const TYPE_NAMES: Record<MessageType, string> = {
  TEXT: msg('TEXT'),
  FILE: msg('FILE'),
  SYSTEM: msg('SYSTEM'),
};

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * Search messages: from 2 characters, 300 ms after typing stops; filters by type, date and
 * files; the last 10 searches kept on this device. A result opens its conversation.
 */
export function SearchDialog({
  userId,
  open,
  onOpenChange,
  onOpenResult,
}: {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpenResult: (result: { transactionId: string; messageId: string }) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [type, setType] = useState<'' | (typeof MESSAGE_TYPES)[number]>('');
  const [since, setSince] = useState<Since>('all');
  const [hasFiles, setHasFiles] = useState(false);
  const [recent, setRecent] = useState(() => recentSearches(userId));
  const q = useDebounced(text.trim(), DEBOUNCE_MS);
  const params = new URLSearchParams({ q });
  if (type) params.set('type', type);
  if (hasFiles) params.set('hasFiles', 'true');
  const search = useQuery({
    queryKey: ['messages', 'search', params.toString(), since],
    enabled: open && q.length >= MIN_LENGTH,
    queryFn: ({ signal }) => {
      const days = SINCE[since];
      const query = new URLSearchParams(params);
      // From the start of the period's first day, in Lagos days (UTC+1 all year), as the chat groups them.
      if (days) {
        const todayStart = Math.floor((Date.now() + LAGOS_OFFSET) / DAY) * DAY - LAGOS_OFFSET;
        query.set('since', new Date(todayStart - (days - 1) * DAY).toISOString());
      }
      return api<{ results: Result[] }>(`/messages/search?${query}`, { signal });
    },
    select: (answer) => answer.results,
  });

  function choose(result: Result) {
    setRecent(rememberSearch(userId, q));
    onOpenResult({ transactionId: result.transactionId, messageId: result.id });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('Search messages')}>
      <div className="space-y-3">
        <label htmlFor={`${id}-q`} className="sr-only">
          {t('Search your messages')}
        </label>
        <Input
          id={`${id}-q`}
          type="search"
          autoFocus
          value={text}
          placeholder={t('Search your messages')}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="grid gap-2 sm:grid-cols-3">
          <label className="text-xs font-medium text-slate-700">
            {t('Type')}
            <Select
              value={type}
              onChange={(event) => setType(event.target.value as typeof type)}
              className="mt-1"
            >
              <option value="">{t('All')}</option>
              {MESSAGE_TYPES.map((messageType) => (
                <option key={messageType} value={messageType}>
                  {t(TYPE_NAMES[messageType])}
                </option>
              ))}
            </Select>
          </label>
          <label className="text-xs font-medium text-slate-700">
            {t('Date')}
            <Select
              value={since}
              onChange={(event) => setSince(event.target.value as Since)}
              className="mt-1"
            >
              <option value="all">{t('Any time')}</option>
              <option value="today">{t('Today')}</option>
              <option value="week">{t('Last 7 days')}</option>
              <option value="month">{t('Last month')}</option>
            </Select>
          </label>
          <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={hasFiles}
              onChange={(event) => setHasFiles(event.target.checked)}
            />
            {t('Has files')}
          </label>
        </div>
        {q.length < MIN_LENGTH ? (
          recent.length ? (
            <div>
              <p className="text-xs font-medium text-slate-600">{t('Recent searches')}</p>
              <ul className="mt-1 flex flex-wrap gap-2" aria-label={t('Recent searches')}>
                {recent.map((r) => (
                  <li key={r}>
                    <button
                      type="button"
                      className="rounded-full bg-slate-100 px-3 py-1 text-xs text-slate-800 hover:bg-slate-200"
                      onClick={() => setText(r)}
                    >
                      {r}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="text-sm text-slate-600">{t('Type at least 2 characters.')}</p>
          )
        ) : search.isPending ? (
          <Spinner label={t('Searching...')} />
        ) : search.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {search.error.message}
          </p>
        ) : search.data.length === 0 ? (
          <p className="text-sm text-slate-600">{t('No messages found.')}</p>
        ) : (
          <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto" aria-label={t('Search results')}>
            {search.data.map((result) => (
              <li key={result.id}>
                <button
                  type="button"
                  className="w-full px-2 py-2 text-left hover:bg-slate-50"
                  onClick={() => choose(result)}
                >
                  <span className="block truncate text-sm text-slate-900">{result.content}</span>
                  <span className="block truncate text-xs text-slate-500">
                    {result.transactionDescription} · {relativeTime(result.timestamp)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
