import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveChannel, setLiveChannelForTests } from '../socket';
import { FakeSocket } from '../../testing/fake-socket';
import { markCreatedHere, useTransactionEvents } from './transaction-events';

let socket: FakeSocket;

function Listener({ debounceMs }: { debounceMs: number }) {
  useTransactionEvents({ debounceMs });
  return null;
}

function setup(debounceMs = 300) {
  toast.dismiss();
  const queryClient = new QueryClient();
  queryClient.setQueryData(['transactions', 'detail', 'tx-1'], {
    transaction: { id: 'tx-1', status: 'PENDING' },
  });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const channel = createLiveChannel((token) => {
    socket = new FakeSocket(token);
    return socket.asSocket();
  });
  setLiveChannelForTests(channel);
  channel.acquire();
  render(
    <QueryClientProvider client={queryClient}>
      <Listener debounceMs={debounceMs} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { invalidate };
}

beforeEach(() => localStorage.setItem('authToken', 'token'));
afterEach(() => {
  setLiveChannelForTests(null);
  vi.useRealTimers();
});

describe('useTransactionEvents', () => {
  it('announces a changed status in lowercase words and refetches after the debounce', async () => {
    const { invalidate } = setup(300);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => {
      socket.serverSends('transaction:updated', { transactionId: 'tx-1', status: 'WAITING_FOR_PAYMENT' });
      socket.serverSends('transaction:updated', { transactionId: 'tx-1', status: 'WAITING_FOR_PAYMENT' });
    });
    act(() => vi.advanceTimersByTime(299));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    // Two events inside the window: one refetch.
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['transactions'] });
    vi.useRealTimers();
    expect(await screen.findByText('Transaction status updated to: waiting for payment')).toBeInTheDocument();
    expect(screen.getAllByText(/Transaction status updated/)).toHaveLength(1);
  });

  it('stays quiet when the status is the one already shown', async () => {
    setup();
    act(() => socket.serverSends('transaction:updated', { transactionId: 'tx-1', status: 'PENDING' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Transaction status updated/)).not.toBeInTheDocument();
  });

  it('announces a transaction created in another tab, not one created here', async () => {
    setup();
    markCreatedHere('mine');
    act(() => {
      socket.serverSends('transaction:created', { transactionId: 'mine' });
      socket.serverSends('transaction:created', { transactionId: 'other-tab' });
    });
    expect(await screen.findByText('New transaction created successfully!')).toBeInTheDocument();
    expect(screen.getAllByText('New transaction created successfully!')).toHaveLength(1);
  });

  it('ignores malformed payloads', async () => {
    const { invalidate } = setup(10);
    act(() => {
      socket.serverSends('transaction:updated', 'nonsense');
      socket.serverSends('transaction:updated', { status: 'COMPLETED' });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(invalidate).not.toHaveBeenCalled();
    expect(screen.queryByText(/Transaction status updated/)).not.toBeInTheDocument();
  });
});
