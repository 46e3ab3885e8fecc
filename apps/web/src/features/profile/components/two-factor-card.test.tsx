import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderAt, stubApi } from '../../../testing/render-at';
import { TwoFactorCard } from './two-factor-card';

/**
 * Profile → Security, two-factor sign-in: set up with the QR code or the typed key and a
 * code, the recovery codes shown once, then new codes and turning it off, each confirmed with a code.
 */
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';
const OTPAUTH = `otpauth://totp/Amana%20Escrow:ada%40example.com?secret=${SECRET}&issuer=Amana%20Escrow`;
const CODES = Array.from({ length: 10 }, (_, i) => `k3m9${i}-2pq7d`);
const off = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
const on = (left = 10) => ({ enabled: true, enabledAt: '2026-02-01T10:00:00.000Z', recoveryCodesLeft: left });

// jsdom has no object URLs; the download is caught at the link's click.
const saved: { blob: Blob; name: string }[] = [];
let lastBlob: Blob | null = null;
URL.createObjectURL = (blob: Blob | MediaSource) => ((lastBlob = blob as Blob), 'blob:codes');
URL.revokeObjectURL = () => undefined;
afterEach(() => {
  saved.length = 0;
  vi.restoreAllMocks();
});

function renderCard() {
  renderAt(<TwoFactorCard email="ada@example.com" />, { path: '/app/profile' });
  return userEvent.setup();
}

describe('TwoFactorCard: setting it up', () => {
  it('shows the QR code and the key in groups, takes a code, then shows the recovery codes once', async () => {
    let status: object = off;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (lastBlob) saved.push({ blob: lastBlob, name: this.download });
    });
    const { calls } = stubApi({
      'GET /api/auth/2fa': () => ok(status),
      'POST /api/auth/2fa/setup': () => ok({ secret: SECRET, otpauthUrl: OTPAUTH }),
      'POST /api/auth/2fa/enable': ({ body }) => {
        if ((body as { code: string }).code !== '123456')
          return fail(
            400,
            'That code is not right. Try the newest code in your authenticator app.',
            'INVALID_TWO_FACTOR_CODE',
          );
        status = on();
        return ok({ recoveryCodes: CODES });
      },
    });
    const user = renderCard();
    expect(await screen.findByText('Off')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up' }));

    const heading = await screen.findByRole('heading', { name: 'Set up two-factor sign-in' });
    expect(heading).toHaveFocus();
    // The QR code of the otpauth URL (its generator loaded on demand), and the same key to type.
    expect(
      await screen.findByRole('img', { name: 'QR code to add Amana Escrow to your authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP');

    const code = screen.getByLabelText('6-digit code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(code).toHaveFocus();
    expect(code).toHaveValue('');

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const codesHeading = await screen.findByRole('heading', { name: 'Save your recovery codes' });
    expect(codesHeading).toHaveFocus();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(calls.filter((c) => c.path === '/api/auth/2fa/enable').map((c) => c.body)).toEqual([
      { code: '111111' },
      { code: '123456' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Copy recovery codes' }));
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));
    await user.click(screen.getByRole('button', { name: 'Download (.txt)' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('amana-recovery-codes.txt');
    const file = await saved[0]!.blob.text();
    expect(file).toContain('Amana Escrow recovery codes for ada@example.com');
    for (const recoveryCode of CODES) expect(file).toContain(recoveryCode);

    // The status already says on; the codes stay until the user says they saved them, then go for good.
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(await screen.findByText(/10 recovery codes left/)).toBeInTheDocument();
    expect(screen.queryByText(CODES[0]!)).not.toBeInTheDocument();
  });

  it('says why when the setup cannot start', async () => {
    stubApi({
      'GET /api/auth/2fa': () => ok(off),
      'POST /api/auth/2fa/setup': () => fail(409, 'Two-factor sign-in is already on.', 'CONFLICT'),
    });
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Two-factor sign-in is already on.');
  });
});

describe('TwoFactorCard: when it is on', () => {
  it('shows the codes left and warns when few are left', async () => {
    stubApi({ 'GET /api/auth/2fa': () => ok(on(2)) });
    renderCard();
    expect(await screen.findByText(/2 recovery codes left/)).toBeInTheDocument();
    expect(screen.getByText('Make new recovery codes before you run out.')).toBeInTheDocument();
  });

  it('makes new recovery codes with a code from the app, and shows them once', async () => {
    const { calls } = stubApi({
      'GET /api/auth/2fa': () => ok(on(1)),
      'POST /api/auth/2fa/recovery-codes': () => ok({ recoveryCodes: CODES }),
    });
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    await user.type(within(dialog).getByLabelText('6-digit code'), '246810');
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.path === '/api/auth/2fa/recovery-codes')!.body).toEqual({ code: '246810' });
  });

  it('turns it off with the password and a code; a wrong password is said on the password', async () => {
    let status: object = on();
    const { calls } = stubApi({
      'GET /api/auth/2fa': () => ok(status),
      'POST /api/auth/2fa/disable': ({ body }) => {
        if ((body as { password: string }).password !== 'right-password')
          return fail(400, 'Current password is incorrect', 'INVALID_CURRENT_PASSWORD');
        status = off;
        return ok(null);
      },
    });
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    const password = within(dialog).getByLabelText('Password');
    await user.type(password, 'wrong');
    await user.type(within(dialog).getByLabelText('6-digit code'), '135790');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Current password is incorrect');
    expect(password).toHaveFocus();

    await user.clear(password);
    await user.type(password, 'right-password');
    await user.type(within(dialog).getByLabelText('6-digit code'), '135790');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Set up' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/auth/2fa/disable').at(-1)!.body).toEqual({
      password: 'right-password',
      code: '135790',
    });
  });
});
