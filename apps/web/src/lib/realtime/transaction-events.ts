import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from 'sonner';
import { msg } from '@escrow/shared/i18n/msg';
import { statusToastTextMessage, statusWords } from '@escrow/shared/domain/transaction-machine';
import {
  SERVER_EVENTS,
  type TransactionCreatedPayload,
  type TransactionUpdatedPayload,
} from '@escrow/shared/events';
import { TRANSACTIONS_QUERY_ROOT } from '../query-keys/transaction-keys';
import { t } from '../i18n';
import { liveChannel } from '../socket';

export const NEW_TRANSACTION_TOAST = msg('New transaction created successfully!');

// Transactions created in this tab already got their own success toast.
const createdHere = new Set<string>();
export function markCreatedHere(transactionId: string) {
  createdHere.add(transactionId);
}

// Several mounted screens hear the same event; only the first one raises the toast.
const recentlyAnnounced = new Set<string>();
function once(key: string): boolean {
  if (recentlyAnnounced.has(key)) return false;
  recentlyAnnounced.add(key);
  setTimeout(() => recentlyAnnounced.delete(key), 10_000);
  return true;
}

/** The status this tab last saw for a transaction: from the most recently fetched query that holds it. */
export function knownStatus(queryClient: QueryClient, transactionId: string): string | null {
  const queries = queryClient
    .getQueryCache()
    .findAll({ queryKey: TRANSACTIONS_QUERY_ROOT })
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  for (const query of queries) {
    const found = findStatus(query.state.data, transactionId, 0);
    if (found) return found;
  }
  return null;
}

function findStatus(value: unknown, id: string, depth: number): string | null {
  if (!value || typeof value !== 'object' || depth > 4) return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findStatus(item, id, depth + 1);
      if (found) return found;
    }
    return null;
  }
  const record = value as Record<string, unknown>;
  if (record.id === id && typeof record.status === 'string') return record.status;
  for (const child of Object.values(record)) {
    const found = findStatus(child, id, depth + 1);
    if (found) return found;
  }
  return null;
}

function isUpdatedPayload(value: unknown): value is TransactionUpdatedPayload {
  const v = value as Partial<TransactionUpdatedPayload> | null;
  return !!v && typeof v.transactionId === 'string' && typeof v.status === 'string';
}

type Options = {
  /** 300 ms on the details screen, 500 ms on the list and dashboard. */
  debounceMs: number;
  /** What to refetch after an event; every transaction query by default. */
  queryKey?: QueryKey;
  /** Sees each update first (the details screen writes the pushed transaction into its cache). */
  onUpdated?: (payload: TransactionUpdatedPayload) => void;
};

/**
 * Reacts to the server's `transaction:updated` and `transaction:created` events: raises the
 * toasts ('Transaction status updated to: {status}' when the status changed, 'New transaction created
 * successfully!') and refetches the screen's queries, debounced.
 */
export function useTransactionEvents({ debounceMs, queryKey = TRANSACTIONS_QUERY_ROOT, onUpdated }: Options) {
  const queryClient = useQueryClient();
  const onUpdatedRef = useRef(onUpdated);
  useEffect(() => {
    onUpdatedRef.current = onUpdated;
  });
  const keyText = JSON.stringify(queryKey);

  useEffect(() => {
    const key = JSON.parse(keyText) as QueryKey;
    const channel = liveChannel();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refetchSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: key }), debounceMs);
    };
    const offUpdated = channel.on(SERVER_EVENTS.transactionUpdated, (payload) => {
      if (!isUpdatedPayload(payload)) return;
      const previous = knownStatus(queryClient, payload.transactionId);
      if (previous !== payload.status && once(`${payload.transactionId}:${payload.status}`))
        toast(t(statusToastTextMessage, { status: statusWords(payload.status) }));
      onUpdatedRef.current?.(payload);
      refetchSoon();
    });
    const offCreated = channel.on(SERVER_EVENTS.transactionCreated, (payload) => {
      const id = (payload as Partial<TransactionCreatedPayload> | null)?.transactionId;
      if (typeof id !== 'string') return;
      if (!createdHere.has(id) && once(`created:${id}`)) toast.success(t(NEW_TRANSACTION_TOAST));
      refetchSoon();
    });
    return () => {
      offUpdated();
      offCreated();
      clearTimeout(timer);
    };
  }, [queryClient, debounceMs, keyText]);
}
