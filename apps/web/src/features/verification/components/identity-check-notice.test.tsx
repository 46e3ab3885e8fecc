import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VerificationStatus } from '@escrow/shared/schemas/identity';
import { IDENTITY_CHECK_NOTICES } from '@escrow/shared/texts/identity-checks';
import { setLiveChannelForTests } from '../../../lib/socket';
import { stubApi, type StubReply } from '../../../testing/api-mock';
import { VerificationPage } from './verification-page';

/**
 * Each identity check says what is sent to the provider and why, before it is sent (the
 * texts follow what the server's Dojah adapter sends; identity.check-notice.test.ts checks that side).
 */
const ok = (data: unknown): StubReply => ({ body: { success: true, data } });
const basic: VerificationStatus = {
  user: { verificationLevel: 'BASIC', trustScore: 0, isVerified: false, nin: null, bvn: null },
  status: 'UNVERIFIED',
  trustReasons: [],
  limits: { dailyWithdrawal: 50_000, maxBalance: 300_000 },
  attemptsLeftToday: 5,
  history: [],
  documents: [],
};

afterEach(() => {
  setLiveChannelForTests(null);
});

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <VerificationPage names={{ firstName: 'Ada', lastName: 'Obi' }} onVerified={vi.fn()} />
    </QueryClientProvider>,
  );
}

describe('identity checks: what is sent, before it is sent', () => {
  it.each([
    [
      'NIN Verification',
      'NIN',
      'Verify NIN',
      ['your NIN to our identity provider (Dojah)', 'date of birth is not sent'],
    ],
    [
      'BVN Verification',
      'BVN',
      'Verify BVN',
      ['your BVN, first name and last name to our identity provider (Dojah)', 'phone number is not sent'],
    ],
    [
      'Documents',
      'DOCUMENT',
      'Submit for review',
      ['not sent to an identity provider', 'every time staff open it'],
    ],
  ] as const)(
    'the %s tab shows its notice before anything is submitted',
    async (tab, kind, button, phrases) => {
      const { calls } = stubApi({ 'GET /api/verification/status': () => ok(basic) });
      renderPage();
      const user = userEvent.setup();
      await user.click(screen.getByRole('tab', { name: tab }));
      const notice = IDENTITY_CHECK_NOTICES[kind];
      const region = await screen.findByRole('region', { name: notice.title });
      expect(region).toBeVisible();
      expect(within(region).getByText(notice.sent)).toBeVisible();
      expect(within(region).getByText(notice.kept)).toBeVisible();
      for (const phrase of phrases) expect(region).toHaveTextContent(phrase);
      // The button that sends is described by what it sends.
      expect(screen.getByRole('button', { name: button })).toHaveAccessibleDescription(notice.sent);
      // Nothing has gone anywhere yet.
      expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
    },
  );
});
