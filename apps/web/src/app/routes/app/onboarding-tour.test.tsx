import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import DashboardPage from './dashboard';
import { createLiveChannel, setLiveChannelForTests } from '../../../lib/socket';
import { makeUser, ok, renderWithApp, stubApi } from '../../../testing/render-with-app';
import { FakeSocket } from '../../../testing/fake-socket';
import { HIGHLIGHT_MS, TOUR_STEPS } from '../../../features/onboarding/tour-steps';

const newcomer = makeUser({ id: 'u1', firstName: 'Ada', onboardingCompleted: false });

function renderWithTour() {
  const { calls } = stubApi({
    'GET /api/auth/me': () => ok({ user: newcomer }),
    'PUT /api/auth/me': ({ body }) => ok({ user: { ...newcomer, ...(body as object) } }),
    'GET /api/transactions/stats': () =>
      ok({ total: 0, totalValue: 0, valueByCurrency: [], active: 0, completed: 0 }),
    'GET /api/transactions/my-transactions?page=1&limit=5': () =>
      ok({ transactions: [], page: 1, limit: 5, hasMore: false, total: 0, totalCapped: false }),
  });
  renderWithApp(
    [
      {
        path: '/app/dashboard',
        element: (
          <>
            <nav>
              <a href="/app/messages">Messages</a>
              <a href="/app/wallet">Wallet</a>
              <a href="/app/notifications">Notifications</a>
            </nav>
            <DashboardPage />
          </>
        ),
      },
    ],
    '/app/dashboard',
  );
  return calls;
}

beforeEach(() => {
  localStorage.setItem('authToken', 'token');
  setLiveChannelForTests(createLiveChannel((token) => new FakeSocket(token).asSocket()));
  // jsdom lays nothing out; every element counts as on screen for the tour.
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  setLiveChannelForTests(null);
});

describe('Onboarding tour', () => {
  it('walks the six steps with Next and Back, highlighting each target, and saves completion on Finish', async () => {
    const calls = renderWithTour();
    const user = userEvent.setup();
    expect(await screen.findByRole('dialog', { name: TOUR_STEPS[0]!.title })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 6')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(document.querySelector('[data-tour="welcome"]')).toHaveAttribute('data-tour-highlight', 'true');

    await user.click(screen.getByRole('button', { name: TOUR_STEPS[0]!.action }));
    expect(screen.getByRole('dialog', { name: 'Create a transaction' })).toBeInTheDocument();
    expect(document.querySelector('[data-tour="create-transaction"]')).toHaveAttribute(
      'data-tour-highlight',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: TOUR_STEPS[0]!.title })).toBeInTheDocument();

    for (const step of TOUR_STEPS.slice(0, -1)) {
      expect(screen.getByRole('dialog', { name: step.title })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: step.action }));
    }
    expect(screen.getByText('Step 6 of 6')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'data-tour-highlight',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('onboardingCompleted')).toBe('true');
    await vi.waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.path === '/api/auth/me' &&
            call.method === 'PUT' &&
            JSON.stringify(call.body) === '{"onboardingCompleted":true}',
        ),
      ).toBe(true),
    );
  });

  it('removes the highlight after 3 s', async () => {
    // Fake timers that also follow real time (Testing Library polls with them), moved on at once.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const renderedAt = Date.now();
    renderWithTour();
    await screen.findByRole('dialog', { name: TOUR_STEPS[0]!.title });
    const target = document.querySelector('[data-tour="welcome"]')!;
    expect(target).toHaveAttribute('data-tour-highlight', 'true');
    // The highlight started between `renderedAt` and now: 1 ms short of 3 s after `renderedAt` it is on,
    // and 3 s after now it is gone.
    const sinceRender = Date.now() - renderedAt;
    act(() => vi.advanceTimersByTime(HIGHLIGHT_MS - sinceRender - 1));
    expect(target).toHaveAttribute('data-tour-highlight', 'true');
    act(() => vi.advanceTimersByTime(sinceRender + 1));
    expect(target).not.toHaveAttribute('data-tour-highlight');
  });

  it('Skip ends the tour and saves it', async () => {
    renderWithTour();
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: TOUR_STEPS[0]!.title });
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('onboardingCompleted')).toBe('true');
  });

  it('is not shown once completed in this browser', async () => {
    localStorage.setItem('onboardingCompleted', 'true');
    renderWithTour();
    await screen.findByRole('heading', { name: 'Welcome back, Ada!' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
