import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderAt, stubApi } from '../../../testing/render-at';
import { PhoneCard } from './phone-card';

/**
 * Profile → Security, the phone number: a Nigerian mobile number, a 6-digit code sent by SMS
 * (expiry shown, a new code with the hourly limit said), then the number verified and shown masked.
 */
const MASKED = '+234 *** *** 4567';
const inTenMinutes = () => new Date(Date.now() + 10 * 60_000).toISOString();
const none = { phone: null, verifiedAt: null, pending: null };
const pending = (expiresAt = inTenMinutes()) => ({
  phone: null,
  verifiedAt: null,
  pending: { phone: MASKED, expiresAt },
});
const verified = { phone: MASKED, verifiedAt: '2026-03-01T10:00:00.000Z', pending: null };

function renderCard() {
  renderAt(<PhoneCard />, { path: '/app/profile' });
  return userEvent.setup();
}

describe('PhoneCard', () => {
  it('sends a code to a Nigerian number, shows where and until when, and verifies it', async () => {
    let status: object = none;
    const { calls } = stubApi({
      'GET /api/auth/phone': () => ok(status),
      'POST /api/auth/phone': () => {
        status = pending();
        return ok(status);
      },
      'POST /api/auth/phone/verify': ({ body }) => {
        if ((body as { code: string }).code !== '482913')
          return fail(
            400,
            'That code is not right. Check the text message and try again.',
            'INVALID_PHONE_CODE',
          );
        status = verified;
        return ok(status);
      },
    });
    const user = renderCard();
    const phone = await screen.findByLabelText('Mobile number');
    expect(phone).toHaveAttribute('type', 'tel');

    // Not a Nigerian mobile number: the shared schema's message, nothing sent.
    await user.type(phone, '12345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter a Nigerian mobile number, for example 0803 123 4567',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '0803 123 4567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText('6-digit code from the text message');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/auth/phone')!.body).toEqual({
      phone: '0803 123 4567',
    });
    // The code step takes the focus, and says where the code went and until when.
    await waitFor(() => expect(code).toHaveFocus());
    expect(screen.getByText(/We sent a 6-digit code to \+234 \*\*\* \*\*\* 4567\./)).toHaveTextContent(
      /It expires at \d{2}:\d{2}\./,
    );
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByText('You can ask for 3 codes an hour.')).toBeInTheDocument();

    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(code).toHaveValue('');

    await user.type(code, '482913');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('verified-phone')).toHaveTextContent(MASKED);
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(await screen.findByText('Phone number verified')).toBeInTheDocument();
  });

  it('says on the field when the number is verified on another account', async () => {
    stubApi({
      'GET /api/auth/phone': () => ok(none),
      'POST /api/auth/phone': () =>
        fail(409, 'This phone number is verified on another account.', 'PHONE_IN_USE'),
    });
    const user = renderCard();
    const phone = await screen.findByLabelText('Mobile number');
    await user.type(phone, '08031234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This phone number is verified on another account.',
    );
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveFocus();
  });

  it('sends a new code to the number typed, and says when the hourly limit is reached', async () => {
    let sends = 0;
    const { calls } = stubApi({
      'GET /api/auth/phone': () => ok(sends ? pending() : none),
      'POST /api/auth/phone': () =>
        ++sends > 1
          ? {
              status: 429,
              body: { success: false, error: 'Too many', code: 'RATE_LIMITED' },
              headers: { 'retry-after': '1800' },
            }
          : ok(pending()),
    });
    const user = renderCard();
    await user.type(await screen.findByLabelText('Mobile number'), '08031234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts, try again in 30 minutes');
    expect(
      calls.filter((c) => c.path === '/api/auth/phone' && c.method === 'POST').map((c) => c.body),
    ).toEqual([{ phone: '08031234567' }, { phone: '08031234567' }]);
  });

  it('says when the code has expired, and asks for the number again after a reload', async () => {
    stubApi({ 'GET /api/auth/phone': () => ok(pending(new Date(Date.now() - 60_000).toISOString())) });
    const user = renderCard();
    expect(await screen.findByText('That code has expired. Ask for a new one.')).toBeInTheDocument();
    // Opening the tab on a code still awaited does not move the focus.
    expect(screen.getByLabelText('6-digit code from the text message')).not.toHaveFocus();
    // The page did not send it: the server shows the number only masked, so it is typed again.
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(screen.getByLabelText('Mobile number')).toBeInTheDocument();
  });

  it('removes a verified phone after asking', async () => {
    let status: object = verified;
    const { calls } = stubApi({
      'GET /api/auth/phone': () => ok(status),
      'DELETE /api/auth/phone': () => {
        status = none;
        return ok(status);
      },
    });
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove your phone number?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByLabelText('Mobile number')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
