import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { toast, Toaster } from 'sonner';
import { vi } from 'vitest';
import type { AdminUserDetail, AuditEntryView } from '@escrow/shared/schemas/admin';
import type { Dispute } from '@escrow/shared/schemas/disputes';
import { setLiveChannelForTests, type ConnectionState, type LiveChannel } from '../../../lib/socket';
import type { QueueItem } from '../api/dispute-queue';

export type StubCall = { method: string; path: string; body: unknown; headers: Record<string, string> };
type Reply = { status?: number; body: unknown };
type Handler = (call: StubCall) => Reply | Promise<Reply>;

/**
 * Stubs fetch: answers "METHOD /api/path?query" from `handlers` (a key ending in '*' matches by
 * prefix), records every call, and fails loudly on a call the test did not expect.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: StubCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = typeof input === 'string' ? input : input.toString();
    const method = init.method ?? 'GET';
    const key = `${method} ${path}`;
    const handler =
      handlers[key] ??
      Object.entries(handlers).find(
        ([pattern]) => pattern.endsWith('*') && key.startsWith(pattern.slice(0, -1)),
      )?.[1];
    if (!handler) throw new Error(`Unexpected API call in test: ${key}`);
    const call = {
      method,
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const { status = 200, body } = await handler(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
export const fail = (status: number, error: string, code: string) => ({
  status,
  body: { success: false, error, code },
});

/** Shows where the app went, for navigation assertions. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Renders `ui` at `path` (matched by `pattern`) with a fresh query client, toasts and a location probe. */
export function renderConsole(
  ui: ReactElement,
  { path, pattern = path }: { path: string; pattern?: string },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: pattern,
        element: (
          <>
            {ui}
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [path] },
  );
  toast.dismiss();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** A live channel without a socket: tests push server events with `emit`. */
export function installFakeLiveChannel(state: ConnectionState = 'connected') {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const channel: LiveChannel = {
    getState: () => state,
    subscribe: () => () => {},
    acquire: () => () => {},
    reconnect: () => {},
    on(event, handler) {
      const set = handlers.get(event) ?? new Set();
      set.add(handler);
      handlers.set(event, set);
      return () => void set.delete(handler);
    },
    joinTransactionRoom: () => () => {},
  };
  setLiveChannelForTests(channel);
  return {
    emit: (event: string, payload: unknown) => handlers.get(event)?.forEach((handler) => handler(payload)),
  };
}

export const ADMIN = { id: 'staff-admin', role: 'ADMIN' as const };
export const SUPPORT = { id: 'staff-support', role: 'SUPPORT' as const };

const buyer = { id: 'user-buyer', firstName: 'Ada', lastName: 'Obi' };
const seller = { id: 'user-seller', firstName: 'Bola', lastName: 'Ade' };

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

export function makeQueueItem(overrides: Partial<QueueItem> = {}): QueueItem {
  return {
    id: 'dispute-1',
    transactionId: 'tx-1',
    disputeType: 'DELIVERY',
    reason: 'Item never arrived',
    priority: 'HIGH',
    status: 'OPEN',
    resolution: null,
    slaDueAt: hoursFromNow(43),
    slaBreached: false,
    assignedTo: null,
    createdAt: hoursFromNow(-5),
    updatedAt: hoursFromNow(-5),
    raiser: buyer,
    accused: seller,
    viewerRole: 'STAFF',
    transaction: { description: 'iPhone 15 Pro', price: 10_000, currency: 'NGN' },
    awaitingMyAnswer: false,
    partySuspended: false,
    ...overrides,
  };
}

export function makeDispute(overrides: Partial<Dispute> = {}): Dispute {
  return {
    id: 'dispute-1',
    transactionId: 'tx-1',
    disputeType: 'DELIVERY',
    reason: 'Item never arrived',
    description: 'Paid a week ago; the tracking number does not exist.',
    priority: 'HIGH',
    status: 'IN_REVIEW',
    resolution: null,
    resolutionNotes: null,
    slaDueAt: hoursFromNow(43),
    slaBreached: false,
    assignedTo: { id: ADMIN.id, firstName: 'Sade', lastName: 'Staff' },
    escalatedAt: null,
    resolvedAt: null,
    closedAt: null,
    closesAt: null,
    createdAt: hoursFromNow(-5),
    updatedAt: hoursFromNow(-1),
    transaction: {
      id: 'tx-1',
      description: 'iPhone 15 Pro',
      price: 10_000,
      fee: 250,
      total: 10_250,
      currency: 'NGN',
      status: 'DISPUTED',
      buyerId: buyer.id,
      sellerId: seller.id,
    },
    raiser: buyer,
    accused: seller,
    viewerRole: 'STAFF',
    messages: [
      {
        id: 'm1',
        content: 'Dispute raised: Item never arrived',
        createdAt: hoursFromNow(-5),
        isInternal: false,
        isSystem: true,
        sender: null,
      },
      {
        id: 'm2',
        content: 'I shipped it on Monday.',
        createdAt: hoursFromNow(-4),
        isInternal: false,
        isSystem: false,
        sender: { ...seller, role: 'ACCUSED' },
      },
      {
        id: 'm3',
        content: 'Courier confirms no pickup was booked.',
        createdAt: hoursFromNow(-3),
        isInternal: true,
        isSystem: false,
        sender: { id: ADMIN.id, firstName: 'Sade', lastName: 'Staff', role: 'STAFF' },
      },
    ],
    evidence: [],
    resolutions: [],
    ...overrides,
  };
}

export function makeUserDetail(overrides: Partial<AdminUserDetail['user']> = {}): AdminUserDetail {
  return {
    user: {
      id: 'user-buyer',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Obi',
      role: 'USER',
      verificationLevel: 'BASIC',
      trustScore: 35,
      suspendedAt: null,
      suspensionReason: null,
      createdAt: '2026-01-15T10:00:00.000Z',
      ...overrides,
    },
    wallet: { balance: 12_500, pendingEscrow: 10_250, currency: 'NGN' },
    transactions: [
      {
        id: 'tx-1',
        description: 'iPhone 15 Pro',
        price: 10_000,
        currency: 'NGN',
        status: 'DISPUTED',
        role: 'BUYER',
        counterpartyName: 'Bola Ade',
        createdAt: '2026-03-01T10:00:00.000Z',
        flagged: true,
      },
      {
        id: 'tx-2',
        description: 'Office chair',
        price: 45_000,
        currency: 'NGN',
        status: 'COMPLETED',
        role: 'SELLER',
        counterpartyName: null,
        createdAt: '2026-02-01T10:00:00.000Z',
        flagged: false,
      },
    ],
    sessions: [
      {
        id: 's1',
        userAgent: 'Mozilla/5.0 (Android 14)',
        createdAt: '2026-03-09T08:00:00.000Z',
        expiresAt: '2026-04-09T08:00:00.000Z',
      },
    ],
    disputes: { raised: 1, against: 0, open: 1 },
  };
}

export function makeAuditEntry(overrides: Partial<AuditEntryView> = {}): AuditEntryView {
  return {
    id: 'a1',
    actorId: ADMIN.id,
    actorName: 'Sade Staff',
    action: 'dispute.take',
    targetType: 'dispute',
    targetId: 'dispute-1',
    summary: { before: { status: 'OPEN' }, after: { status: 'IN_REVIEW' } },
    requestId: 'req-123',
    createdAt: '2026-03-10T09:30:00.000Z',
    ...overrides,
  };
}
