import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, makeRefund, ok, renderConsole, stubApi } from '../testing/admin-test-utils';
import type { StubReply } from '../../../testing/api-mock';
import { Refunds } from './refunds';

const page =
  (refunds: ReturnType<typeof makeRefund>[], hasMore = false) =>
  () =>
    ok({ refunds, hasMore });
const rows = () => screen.getAllByTestId('refund-row');
const render = (path = '/app/admin/refunds') =>
  renderConsole(<Refunds />, { path, pattern: '/app/admin/refunds' });

describe('Refunds', () => {
  it('opens on the failed refunds and shows each one the API answered', async () => {
    stubApi({
      'GET /api/admin/refunds?status=FAILED&page=1': page([
        makeRefund(),
        makeRefund({
          id: 'refund-2',
          buyerName: null,
          buyerEmail: 'bola@example.com',
          method: 'BANK_TRANSFER',
        }),
      ]),
    });
    render();
    await screen.findAllByTestId('refund-row');
    expect(rows()).toHaveLength(2);
    const [first] = rows();
    const row = within(first as HTMLElement);
    expect(row.getByText('tx-1')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Ada Obi' })).toHaveAttribute('href', '/app/admin/users/user-buyer');
    expect(row.getByText('ada@example.com')).toBeInTheDocument();
    expect(row.getByText('₦10,250.00')).toBeInTheDocument();
    expect(row.getByText('paystack · CARD')).toBeInTheDocument();
    expect(row.getByText('Payment AMN_PAY_1')).toBeInTheDocument();
    expect(row.getByText('Failed')).toBeInTheDocument();
    expect(row.getByText('5')).toBeInTheDocument();
    expect(row.getByText('Transaction has been fully reversed')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Retry: refund to Ada Obi' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Credit to wallet: refund to Ada Obi' })).toBeInTheDocument();
    // Without a name the buyer reads as their e-mail.
    expect(
      within(rows()[1] as HTMLElement).getByRole('link', { name: 'bola@example.com' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('FAILED');
    expect(screen.queryByRole('navigation', { name: 'Refund pages' })).toBeNull();
  });

  it('filters by status through the URL, with no actions on refunds that did not fail', async () => {
    const { calls } = stubApi({
      'GET /api/admin/refunds?status=FAILED&page=1': page([]),
      'GET /api/admin/refunds?status=SUCCEEDED&page=1': page([
        makeRefund({
          status: 'SUCCEEDED',
          attempts: 1,
          lastError: null,
          failedAt: null,
          succeededAt: '2026-03-10T09:05:00.000Z',
          providerRefundReference: 'RFD_777',
        }),
      ]),
      'GET /api/admin/refunds?page=1': page([]),
    });
    const user = userEvent.setup();
    render();
    expect(
      await screen.findByText('No failed refunds: nothing is waiting for an operator.'),
    ).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'SUCCEEDED');
    const row = within(await screen.findByTestId('refund-row'));
    expect(row.getByText('Paid')).toBeInTheDocument();
    expect(row.getByText('Ref RFD_777')).toBeInTheDocument();
    expect(row.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/app/admin/refunds?status=SUCCEEDED');

    await user.selectOptions(screen.getByLabelText('Status'), 'ALL');
    expect(await screen.findByText('No card or bank refunds yet.')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual([
      '/api/admin/refunds?status=FAILED&page=1',
      '/api/admin/refunds?status=SUCCEEDED&page=1',
      '/api/admin/refunds?page=1',
    ]);
  });

  it('pages like the other console lists', async () => {
    const { calls } = stubApi({
      'GET /api/admin/refunds?status=PENDING&page=1': page([makeRefund({ status: 'PENDING' })], true),
      'GET /api/admin/refunds?status=PENDING&page=2': page([
        makeRefund({ id: 'refund-51', status: 'PENDING' }),
      ]),
    });
    const user = userEvent.setup();
    render('/app/admin/refunds?status=PENDING');
    const nav = await screen.findByRole('navigation', { name: 'Refund pages' });
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(nav).getByText('Page 2')).toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent('/app/admin/refunds?status=PENDING&page=2');
    expect(calls.at(-1)?.path).toBe('/api/admin/refunds?status=PENDING&page=2');
  });

  it.each([
    {
      action: 'retry',
      button: 'Retry: refund to Ada Obi',
      confirm: 'Retry refund',
      after: makeRefund({ status: 'PENDING', attempts: 0, nextAttemptAt: '2026-03-10T12:00:00.000Z' }),
      toast: 'Refund sent again',
      badge: 'Pending',
    },
    {
      action: 'credit-wallet',
      button: 'Credit to wallet: refund to Ada Obi',
      confirm: 'Credit to wallet',
      after: makeRefund({ status: 'CREDITED_TO_WALLET' }),
      toast: 'Refund credited to the buyer’s wallet',
      badge: 'Credited to wallet',
    },
  ])('$action: asks first, then calls its endpoint and updates the row', async (c) => {
    const { calls } = stubApi({
      'GET /api/admin/refunds?status=FAILED&page=1': page([makeRefund()]),
      [`POST /api/admin/refunds/refund-1/${c.action}`]: () => ok({ refund: c.after }),
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: c.button }));

    const dialog = screen.getByRole('dialog', { name: c.confirm });
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: c.confirm }));

    expect(await screen.findByText(c.toast)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = within(screen.getByTestId('refund-row'));
    expect(row.getByText(c.badge)).toBeInTheDocument();
    expect(row.queryByRole('button')).toBeNull();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.path)).toEqual([`/api/admin/refunds/refund-1/${c.action}`]);
    expect(posts[0]?.headers['idempotency-key']).toMatch(/\S{16,}/);
    // The row shows what was done; the list is not refetched under the operator.
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(1);
  });

  it('sends nothing when the operator cancels', async () => {
    const { calls } = stubApi({ 'GET /api/admin/refunds?status=FAILED&page=1': page([makeRefund()]) });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Credit to wallet: refund to Ada Obi' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('keeps the dialog open with the refusal, and retries with the same key', async () => {
    let answer: StubReply = fail(409, 'This refund is no longer failed', 'CONFLICT');
    const { calls } = stubApi({
      'GET /api/admin/refunds?status=FAILED&page=1': page([makeRefund()]),
      'POST /api/admin/refunds/refund-1/retry': () => answer,
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Retry: refund to Ada Obi' }));
    const dialog = screen.getByRole('dialog', { name: 'Retry refund' });
    await user.click(within(dialog).getByRole('button', { name: 'Retry refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This refund is no longer failed');

    answer = ok({ refund: makeRefund({ status: 'PENDING' }) });
    await user.click(within(dialog).getByRole('button', { name: 'Retry refund' }));
    expect(await screen.findByText('Refund sent again')).toBeInTheDocument();
    const keys = calls
      .filter((call) => call.method === 'POST')
      .map((call) => call.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});
