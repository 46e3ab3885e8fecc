import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_EVENTS } from '@escrow/shared/events';
import { setLiveChannelForTests } from '../../../lib/socket';
import { installFakeLiveChannel } from '../../../testing/render-at';
import { makeTransaction, ok, renderWithProviders, stubApi } from '../testing/transaction-test-utils';
import { CreateSuccess } from './create-success';

const pending = makeTransaction({
  status: 'PENDING',
  counterpartyId: null,
  counterpartyName: null,
  counterparty: null,
  viewerRole: 'SELLER',
});
const joined = makeTransaction({ status: 'ACTIVE', viewerRole: 'SELLER' });
const answer = {
  transaction: pending,
  invitation: { code: 'inv_code-123', expiresAt: '2026-01-17T09:00:00.000Z' },
};
const DETAIL = `GET /api/transactions/${pending.id}`;

afterEach(() => {
  setLiveChannelForTests(null);
});

describe('CreateSuccess', () => {
  let live: ReturnType<typeof installFakeLiveChannel>;
  beforeEach(() => {
    live = installFakeLiveChannel();
  });

  it('says who joined as soon as the live channel announces it', async () => {
    let onServer = pending;
    stubApi({ [DETAIL]: () => ok({ transaction: onServer }) });
    renderWithProviders(<CreateSuccess answer={answer} onCreateAnother={() => {}} />);
    expect(screen.getByText(/When they join, the transaction becomes active/)).toBeInTheDocument();
    expect(screen.getByLabelText('Share link')).toBeInTheDocument();

    onServer = joined;
    act(() =>
      live.emit(SERVER_EVENTS.transactionUpdated, {
        transactionId: pending.id,
        status: 'ACTIVE',
        transaction: joined,
      }),
    );
    expect(await screen.findByText('Bola Buyer has joined.')).toBeInTheDocument();
    expect(screen.queryByText(/When they join/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Share link')).not.toBeInTheDocument();
  });

  it('polls while PENDING, so a join is seen even without the live channel', async () => {
    let answers = 0;
    stubApi({ [DETAIL]: () => ok({ transaction: answers++ === 0 ? pending : joined }) });
    renderWithProviders(<CreateSuccess answer={answer} onCreateAnother={() => {}} />);
    expect(await screen.findByText('Bola Buyer has joined.', {}, { timeout: 6_000 })).toBeInTheDocument();
    expect(answers).toBeGreaterThanOrEqual(2);
  });
});
