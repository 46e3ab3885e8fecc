import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLiveChannelForTests } from '../../../lib/socket';
import { installFakeLiveChannel, ok, renderAt, stubApi } from '../../../testing/render-at';
import { CreateDisputeForm } from './create-dispute-form';

beforeEach(() => {
  installFakeLiveChannel();
});
afterEach(() => setLiveChannelForTests(null));

const TX = '0192f5a4-7d5e-7000-8000-0000000000aa';
const eligible = [
  {
    id: TX,
    description: 'iPhone 15 Pro',
    price: 10_000,
    currency: 'NGN',
    status: 'SHIPPED',
    counterpartyName: 'Bola Ade',
  },
];
const REQUIRED = 'Please fill in all required fields';

async function openForm(handlers: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'GET /api/disputes/eligible-transactions': () => ok({ transactions: eligible }),
    ...handlers,
  });
  renderAt(<CreateDisputeForm preselectedId={TX} />, { path: '/app/disputes/create' });
  const form = await screen.findByRole('form', { name: 'Raise a dispute' });
  return { api, form };
}

describe('raising a dispute (react-hook-form over createDisputeSchema)', () => {
  it('focuses the first missing field with the message beside it, and each message follows its fix', async () => {
    const { api, form } = await openForm();
    await userEvent.click(within(form).getByRole('button', { name: 'Submit Dispute' }));

    const type = within(form).getByLabelText('What is the problem?');
    await waitFor(() => expect(type).toHaveFocus());
    for (const label of ['What is the problem?', 'Reason', 'Description']) {
      expect(within(form).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(within(form).getByLabelText(label)).toHaveAccessibleDescription(REQUIRED);
    }
    expect(within(form).getByLabelText('Transaction')).not.toHaveAttribute('aria-invalid');

    await userEvent.type(within(form).getByLabelText('Reason'), 'Never arrived');
    await waitFor(() => expect(within(form).getByLabelText('Reason')).not.toHaveAttribute('aria-invalid'));
    expect(within(form).getByLabelText('Description')).toHaveAccessibleDescription(REQUIRED);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('puts a 400’s field message on its field and focuses it', async () => {
    const { form } = await openForm({
      'POST /api/disputes': () => ({
        status: 400,
        body: {
          success: false,
          error: 'Reason must be at most 200 characters',
          code: 'VALIDATION_ERROR',
          details: [{ field: 'reason', message: 'Reason must be at most 200 characters' }],
        },
      }),
    });
    await userEvent.selectOptions(within(form).getByLabelText('What is the problem?'), 'DELIVERY');
    await userEvent.type(within(form).getByLabelText('Reason'), 'Never arrived');
    await userEvent.type(within(form).getByLabelText('Description'), 'Tracking has not moved.');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit Dispute' }));

    const reason = within(form).getByLabelText('Reason');
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Reason must be at most 200 characters'));
    expect(reason).toHaveFocus();
    expect(await screen.findByText('Failed to create dispute')).toBeInTheDocument();
  });
});
