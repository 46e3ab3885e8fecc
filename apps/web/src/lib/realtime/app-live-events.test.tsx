import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveChannel, setLiveChannelForTests } from '../socket';
import { AppLiveEvents } from './app-live-events';
import { FakeSocket } from '../../testing/fake-socket';

let socket: FakeSocket;

beforeEach(() => localStorage.setItem('authToken', 'token'));
afterEach(() => {
  setLiveChannelForTests(null);
  vi.useRealTimers();
});

describe('AppLiveEvents', () => {
  it('announces a status change on any screen and refreshes the wallet', async () => {
    toast.dismiss();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    setLiveChannelForTests(
      createLiveChannel((token) => {
        socket = new FakeSocket(token);
        return socket.asSocket();
      }),
    );
    render(
      <QueryClientProvider client={queryClient}>
        <AppLiveEvents />
        <Toaster />
      </QueryClientProvider>,
    );
    act(() => {
      socket.serverSends('transaction:updated', { transactionId: 'tx-9', status: 'COMPLETED' });
    });
    expect(await screen.findByText('Transaction status updated to: completed')).toBeInTheDocument();
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['wallet'] }));
  });
});
