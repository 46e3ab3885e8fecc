import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import type { StubHandler } from '../../../../testing/api-mock';
import {
  fail,
  makeTransaction,
  ok,
  renderWithProviders,
  stubApi,
} from '../../testing/transaction-test-utils';
import { StatusFlowPanel } from './status-flow-panel';

/** A paid 'Meet and inspect' trade waiting for the meeting, seen by `viewerRole`. */
const inPerson = (overrides: Partial<Transaction> = {}) =>
  makeTransaction({
    status: 'WAITING_FOR_HANDOVER',
    useCourier: false,
    shippingType: 'IN_PERSON',
    paymentCompleted: true,
    paymentStatus: 'COMPLETED',
    ...overrides,
  });
const TX_ID = inPerson().id;
const CODE_PATH = `/api/transactions/${TX_ID}/handover`;

function renderPanel(tx: Transaction, handlers: Record<string, StubHandler>) {
  const { calls } = stubApi(handlers);
  renderWithProviders(<StatusFlowPanel transaction={tx} onAction={vi.fn()} onCancel={vi.fn()} />);
  return { calls, user: userEvent.setup() };
}

describe('the buyer’s release code card', () => {
  it('shows the code in large grouped digits, a QR code of it and the warning', async () => {
    renderPanel(inPerson({ viewerRole: 'BUYER' }), {
      [`GET ${CODE_PATH}`]: () => ok({ code: '482913', lockedUntil: null }),
    });
    const card = within(await screen.findByTestId('release-code-card'));
    expect(screen.getByTestId('release-code')).toHaveTextContent('482913');
    expect(card.getByText('Only share this when you are satisfied')).toBeInTheDocument();
    // The generator loads on demand, then draws the code as an SVG with a name.
    expect(await card.findByRole('img', { name: 'QR code of your release code' })).toBeInTheDocument();
    expect(screen.getByTestId('qr-code').querySelector('path')?.getAttribute('d')).toMatch(
      /^M\d+ \d+h1v1h-1z/,
    );
    // The buyer waits for the meeting; the code entry is the seller's.
    expect(screen.getByText(/Meet the seller and inspect the item/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Release code')).not.toBeInTheDocument();
  });

  it('replaces the code after a confirmation, and shows the new one', async () => {
    const { calls, user } = renderPanel(inPerson({ viewerRole: 'BUYER' }), {
      [`GET ${CODE_PATH}`]: () => ok({ code: '482913', lockedUntil: null }),
      [`POST ${CODE_PATH}/regenerate`]: () => ok({ code: '105577' }),
    });
    await screen.findByTestId('release-code-card');
    await user.click(screen.getByRole('button', { name: 'Replace code' }));
    const dialog = screen.getByRole('dialog', { name: 'Replace the release code?' });
    expect(dialog).toHaveTextContent('The current code stops working at once.');
    // Cancel keeps the code.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Replace code' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Replace the release code?' })).getByRole('button', {
        name: 'Replace code',
      }),
    );
    expect(
      await screen.findByText('A new release code was made. The old one no longer works.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('release-code')).toHaveTextContent('105577');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`${CODE_PATH}/regenerate`]);
  });

  it('says when the seller is locked out after too many wrong codes (Lagos time)', async () => {
    renderPanel(inPerson({ viewerRole: 'BUYER' }), {
      // 12:00:30 UTC is 13:00:30 in Lagos: named as 13:01, when entry is open again.
      [`GET ${CODE_PATH}`]: () => ok({ code: '482913', lockedUntil: '2099-01-01T12:00:30.000Z' }),
    });
    expect(
      await screen.findByText('Too many wrong codes. Code entry is locked until 13:01 WAT.'),
    ).toBeInTheDocument();
  });
});

describe('the seller’s release code entry', () => {
  const seller = () => inPerson({ viewerRole: 'SELLER' });
  const LOCKED =
    'That release code is not correct. Too many wrong codes: code entry is locked until 14:05 WAT.';

  it('takes six digits from the keypad or a one-time-code suggestion, and checks the length first', async () => {
    const { calls, user } = renderPanel(seller(), {});
    const input = await screen.findByLabelText('Release code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.queryByRole('button', { name: 'Replace code' })).not.toBeInTheDocument();
    await user.type(input, '12 3-4a');
    expect(input).toHaveValue('1234');
    await user.click(screen.getByRole('button', { name: 'Enter Release Code' }));
    expect(input).toHaveAccessibleDescription('Enter the 6-digit release code');
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s message for a wrong code, then locks entry on the fifth', async () => {
    let tries = 0;
    const { calls, user } = renderPanel(seller(), {
      [`POST ${CODE_PATH}`]: () => {
        tries += 1;
        return tries === 1
          ? fail(422, 'That release code is not correct. 4 tries left.', 'HANDOVER_CODE_INVALID')
          : {
              status: 429,
              headers: { 'retry-after': '3600' },
              body: { success: false, error: LOCKED, code: 'HANDOVER_LOCKED' },
            };
      },
    });
    const input = await screen.findByLabelText('Release code');
    await user.type(input, '111111');
    await user.click(screen.getByRole('button', { name: 'Enter Release Code' }));
    expect(await screen.findByText('That release code is not correct. 4 tries left.')).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(input).toHaveAccessibleDescription('That release code is not correct. 4 tries left.');
    expect(calls[0]!.body).toEqual({ code: '111111' });

    await user.type(input, '222222');
    await user.click(screen.getByRole('button', { name: 'Enter Release Code' }));
    expect(await screen.findByText(LOCKED)).toBeInTheDocument();
    expect(input).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enter Release Code' })).toBeDisabled();
  });

  it('falls back to the shared text when a 429 comes without the server’s words', async () => {
    const { user } = renderPanel(seller(), {
      [`POST ${CODE_PATH}`]: () => ({ status: 429, headers: { 'retry-after': '1800' }, body: {} }),
    });
    await user.type(await screen.findByLabelText('Release code'), '444444');
    await user.click(screen.getByRole('button', { name: 'Enter Release Code' }));
    expect(await screen.findByText('Too many attempts, try again in 30 minutes')).toBeInTheDocument();
    expect(screen.getByLabelText('Release code')).toBeDisabled();
  });

  it('opens entry again when the lock ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user } = renderPanel(seller(), {
        [`POST ${CODE_PATH}`]: () => ({
          status: 429,
          headers: { 'retry-after': '60' },
          body: { success: false, error: LOCKED, code: 'HANDOVER_LOCKED' },
        }),
      });
      const input = await screen.findByLabelText('Release code');
      await user.type(input, '333333');
      await user.click(screen.getByRole('button', { name: 'Enter Release Code' }));
      await waitFor(() => expect(input).toBeDisabled());
      vi.advanceTimersByTime(61_000);
      await waitFor(() => expect(input).toBeEnabled());
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('releases the money with the right code', async () => {
    const { calls, user } = renderPanel(seller(), {
      [`POST ${CODE_PATH}`]: () =>
        ok({ transaction: { ...seller(), status: 'COMPLETED', paymentStatus: 'RELEASED' } }),
    });
    await user.type(await screen.findByLabelText('Release code'), '482913');
    await user.click(screen.getByRole('button', { name: 'Enter Release Code' }));
    expect(
      await screen.findByText('Release code accepted. The payment has been released to your wallet.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ code: '482913' });
  });
});
