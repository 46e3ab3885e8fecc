import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../testing/api-mock';
import { SessionsList } from './sessions-list';

const session = (id: string, device: string, current: boolean) => ({
  id,
  device,
  ipAddress: '10.0.0.1',
  lastActiveAt: new Date().toISOString(),
  createdAt: new Date().toISOString(),
  current,
});

function renderList() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionsList />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('SessionsList: sign out all other sessions', () => {
  it('asks first; Cancel signs nobody out', async () => {
    const { calls } = stubApi({
      'GET /api/auth/sessions': () =>
        ok({
          sessions: [session('s1', 'Chrome on Windows', true), session('s2', 'Safari on iPhone', false)],
        }),
    });
    const user = renderList();
    await user.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out all other sessions?' });
    expect(dialog).toHaveTextContent('1 other device will be signed out at once and must sign in again.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it('signs the others out once confirmed and says so on the card', async () => {
    let signedOut = false;
    const { calls } = stubApi({
      'GET /api/auth/sessions': () =>
        ok({
          sessions: [
            session('s1', 'Chrome on Windows', true),
            ...(signedOut
              ? []
              : [session('s2', 'Safari on iPhone', false), session('s3', 'Chrome on Android', false)]),
          ],
        }),
      'DELETE /api/auth/sessions': () => {
        signedOut = true;
        return ok({ signedOut: 2 });
      },
    });
    const user = renderList();
    await user.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    await user.click(screen.getByRole('button', { name: 'Sign out other sessions' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Signed out of all other sessions: 2 devices were signed out and must sign in again.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    await screen.findByText('Chrome on Windows');
    expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument();
  });
});
