import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVER_EVENTS } from '@escrow/shared/events';
import {
  VERIFICATION_TEXT,
  type IdentityDocument,
  type VerificationStatus,
} from '@escrow/shared/schemas/identity';
import { createLiveChannel, setLiveChannelForTests } from '../../../lib/socket';
import { stubApi, type StubReply } from '../../../testing/api-mock';
import { FakeSocket } from '../../../testing/fake-socket';
import { VerificationPage } from './verification-page';

// With the optional message the server adds to some answers.
const ok = (data: unknown, message?: string): StubReply => ({ body: { success: true, data, message } });

const basic: VerificationStatus = {
  user: { verificationLevel: 'BASIC', trustScore: 0, isVerified: false, nin: null, bvn: null },
  status: 'UNVERIFIED',
  trustReasons: [],
  limits: { dailyWithdrawal: 50_000, maxBalance: 300_000 },
  attemptsLeftToday: 5,
  history: [],
  documents: [],
};

afterEach(() => setLiveChannelForTests(null));

function renderPage(onVerified = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <VerificationPage names={{ firstName: 'Ada', lastName: 'Obi' }} onVerified={onVerified} />
    </QueryClientProvider>,
  );
  return onVerified;
}

describe('VerificationPage', () => {
  it('Overview shows level, trust score with its reasons, limits, masked numbers and history', async () => {
    stubApi({
      'GET /api/verification/status': () =>
        ok({
          ...basic,
          user: {
            verificationLevel: 'ENHANCED',
            trustScore: 35,
            isVerified: true,
            nin: '*******8901',
            bvn: null,
          },
          status: 'PARTIALLY_VERIFIED',
          trustReasons: [
            { label: 'NIN verified', points: 25 },
            { label: '1 approved document', points: 10 },
          ],
          limits: { dailyWithdrawal: 200_000, maxBalance: 500_000 },
          history: [
            {
              id: 'h1',
              verificationType: 'NIN',
              status: 'APPROVED',
              outcome: 'VERIFIED',
              createdAt: '2026-11-25T10:00:00Z',
            },
          ],
        }),
    });
    renderPage();
    expect(await screen.findByTestId('trust-score')).toHaveTextContent('35');
    expect(screen.getByText('Status: Partially verified')).toBeInTheDocument();
    expect(screen.getByText('*******8901')).toBeInTheDocument();
    expect(screen.getByTestId('daily-withdrawal-limit')).toHaveTextContent('₦200,000.00');
    const reasons = screen.getByRole('list', { name: 'What raised your trust score' });
    expect(within(reasons).getByText('NIN verified')).toBeInTheDocument();
    expect(within(reasons).getByText('+25')).toBeInTheDocument();
    expect(screen.getByText('Verify your BVN to reach PREMIUM:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show my funding account' })).toBeInTheDocument();
  });

  it('checks the NIN form before sending, then states the result plainly', async () => {
    const { calls } = stubApi({
      'GET /api/verification/status': () => ok(basic),
      'POST /api/verification/nin': () =>
        ok(
          {
            verificationLevel: 'ENHANCED',
            trustScore: 25,
            limits: { dailyWithdrawal: 200_000, maxBalance: 500_000 },
            masked: '*******8901',
          },
          VERIFICATION_TEXT.ninVerified,
        ),
    });
    const onVerified = renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'NIN Verification' }));
    await user.type(screen.getByLabelText('NIN'), '123');
    await user.click(screen.getByRole('button', { name: 'Verify NIN' }));
    expect(await screen.findByText('NIN must be exactly 11 digits')).toBeInTheDocument();
    const dateOfBirth = screen.getByLabelText('Date of birth (dd/mm/yyyy)');
    expect(dateOfBirth).toHaveAccessibleDescription('Date of birth is required');
    expect(screen.getByLabelText('NIN')).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(screen.getByLabelText('NIN'));
    await user.type(screen.getByLabelText('NIN'), '12345678901');
    // Typed as people in Nigeria write it, whatever the browser's locale.
    expect(dateOfBirth).toHaveAttribute('type', 'text');
    expect(dateOfBirth).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await user.type(dateOfBirth, '12/04/1990');
    await user.click(screen.getByRole('button', { name: 'Verify NIN' }));
    const result = await screen.findByRole('status');
    expect(result).toHaveTextContent(VERIFICATION_TEXT.ninVerified);
    expect(result).toHaveTextContent('withdraw up to ₦200,000.00 a day');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/verification/nin')!.body).toEqual({
      nin: '12345678901',
      firstName: 'Ada',
      lastName: 'Obi',
      dateOfBirth: '1990-04-12',
    });
    expect(onVerified).toHaveBeenCalledWith(expect.objectContaining({ verificationLevel: 'ENHANCED' }));
  });

  it('refuses a date of birth in another format, and shows a 400 on its field', async () => {
    const { calls } = stubApi({
      'GET /api/verification/status': () => ok(basic),
      'POST /api/verification/nin': () => ({
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION_ERROR',
          error: 'Validation failed',
          details: [{ field: 'dateOfBirth', message: 'Enter a real date of birth' }],
        },
      }),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'NIN Verification' }));
    await user.type(screen.getByLabelText('NIN'), '12345678901');
    const dateOfBirth = screen.getByLabelText('Date of birth (dd/mm/yyyy)');
    await user.type(dateOfBirth, '04/31/1990');
    await user.click(screen.getByRole('button', { name: 'Verify NIN' }));
    expect(await screen.findByText('Date of birth is required')).toBeInTheDocument();
    expect(dateOfBirth).toHaveAccessibleDescription('Date of birth is required');
    expect(dateOfBirth).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(dateOfBirth);
    await user.type(dateOfBirth, '1/2/1990');
    expect(dateOfBirth).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Verify NIN' }));
    expect(await screen.findByText('Enter a real date of birth')).toBeInTheDocument();
    expect(dateOfBirth).toHaveAccessibleDescription('Enter a real date of birth');
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ dateOfBirth: '1990-02-01' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('sends the BVN form in the API shape with the profile names', async () => {
    const { calls } = stubApi({
      'GET /api/verification/status': () => ok(basic),
      'POST /api/verification/bvn': () =>
        ok(
          {
            verificationLevel: 'PREMIUM',
            trustScore: 35,
            limits: { dailyWithdrawal: 5_000_000, maxBalance: null },
            masked: '*******8901',
          },
          VERIFICATION_TEXT.bvnVerified,
        ),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'BVN Verification' }));
    expect(screen.getByText(/A verified BVN raises your level to PREMIUM/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('BVN'), '12345678901');
    await user.type(screen.getByLabelText('Phone number'), '08031234567');
    await user.click(screen.getByRole('button', { name: 'Verify BVN' }));
    expect(await screen.findByRole('status')).toHaveTextContent(VERIFICATION_TEXT.bvnVerified);
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/verification/bvn')!.body).toEqual({
      bvn: '12345678901',
      firstName: 'Ada',
      lastName: 'Obi',
      phoneNumber: '08031234567',
    });
  });

  it.each([
    [
      422,
      { success: false, code: 'NAME_MISMATCH', error: VERIFICATION_TEXT.nameMismatch('BVN') },
      VERIFICATION_TEXT.nameMismatch('BVN'),
    ],
    [
      503,
      { success: false, code: 'SERVICE_UNAVAILABLE', error: VERIFICATION_TEXT.unavailable },
      VERIFICATION_TEXT.unavailable,
    ],
    [429, { success: false, code: 'RATE_LIMITED', error: 'x' }, VERIFICATION_TEXT.tooManyAttempts],
  ])('a BVN answered %i shows what happened', async (status, body, text) => {
    stubApi({
      'GET /api/verification/status': () => ok(basic),
      'POST /api/verification/bvn': () => ({ status, body }),
    });
    const onVerified = renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'BVN Verification' }));
    await user.type(screen.getByLabelText('BVN'), '22222222222');
    await user.type(screen.getByLabelText('Phone number'), '08031234567');
    await user.click(screen.getByRole('button', { name: 'Verify BVN' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('lists documents with their status and the reason of a rejection', async () => {
    stubApi({
      'GET /api/verification/status': () =>
        ok({
          ...basic,
          documents: [
            {
              id: 'd1',
              documentType: 'PASSPORT',
              documentNumber: '*****5678',
              uploadId: 'u1',
              status: 'PENDING_REVIEW',
              isVerified: false,
              reason: null,
              verifiedAt: null,
              createdAt: '2026-11-25T10:00:00Z',
            },
            {
              id: 'd2',
              documentType: 'UTILITY_BILL',
              documentNumber: '****1234',
              uploadId: 'u2',
              status: 'REJECTED',
              isVerified: false,
              reason: 'Too old',
              verifiedAt: null,
              createdAt: '2026-11-24T10:00:00Z',
            },
          ],
        }),
    });
    renderPage();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Documents' }));
    expect(await screen.findByText('Pending review')).toBeInTheDocument();
    expect(screen.getByText('Reason: Too old')).toBeInTheDocument();
    expect(screen.getByLabelText('Document type')).toBeInTheDocument();
  });

  it('updates a document to Verified when staff approve it, without a reload', async () => {
    localStorage.setItem('authToken', 'token');
    let socket: FakeSocket | null = null;
    setLiveChannelForTests(
      createLiveChannel((token) => {
        socket = new FakeSocket(token);
        return socket.asSocket();
      }),
    );
    const passport: IdentityDocument = {
      id: 'd1',
      documentType: 'PASSPORT',
      documentNumber: '*****5678',
      uploadId: 'u1',
      status: 'PENDING_REVIEW',
      isVerified: false,
      reason: null,
      verifiedAt: null,
      createdAt: '2026-11-25T10:00:00Z',
    };
    let approved = false;
    stubApi({
      'GET /api/verification/status': () =>
        ok({
          ...basic,
          documents: [
            approved
              ? { ...passport, status: 'VERIFIED', isVerified: true, verifiedAt: '2026-11-26T10:00:00Z' }
              : passport,
          ],
        }),
    });
    renderPage();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Documents' }));
    expect(await screen.findByText('Pending review')).toBeInTheDocument();

    approved = true;
    socket!.serverConnects();
    socket!.serverSends(SERVER_EVENTS.systemNotification, {
      id: 'n1',
      type: 'SYSTEM',
      title: 'Document verified',
      message: 'Your Passport was verified.',
      priority: 'MEDIUM',
      transactionId: null,
      metadata: { documentId: 'd1', nextAction: '/app/verification' },
    });
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.queryByText('Pending review')).not.toBeInTheDocument();
  });
});
