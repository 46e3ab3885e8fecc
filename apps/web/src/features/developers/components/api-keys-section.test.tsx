import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PARTNER_TEXT } from '@escrow/shared/schemas/partner';
import { fail, makeApiKey, ok, renderAt, stubApi } from '../testing/fixtures';
import { ApiKeysSection } from './api-keys-section';

const FULL_KEY = 'amk_test_Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78St90Uv1';

const renderSection = () => renderAt(<ApiKeysSection />, { path: '/app/developers' });

describe('API keys', () => {
  it('creates a key, shows it once with a Copy button, then lists it without the secret', async () => {
    const created = makeApiKey({ name: 'Checkout <b>bold</b>' });
    let keys: unknown[] = [];
    const { calls } = stubApi({
      'GET /api/developer/keys': () => ok({ apiKeys: keys }),
      'POST /api/developer/keys': () => {
        keys = [created];
        return ok({ apiKey: created, key: FULL_KEY }, 201);
      },
    });
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText(/No API keys yet/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const form = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(form).getByLabelText('Key name'), 'Checkout <b>bold</b>');
    await user.click(within(form).getByLabelText(/transactions:read/));
    await user.click(within(form).getByRole('button', { name: 'Create key' }));

    const reveal = await screen.findByRole('dialog', { name: 'Your new API key' });
    const field = within(reveal).getByLabelText('API key');
    expect(field).toHaveValue(FULL_KEY);
    expect(field).toHaveAttribute('readonly');
    expect(within(reveal).getByText(/you will not see it again/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Checkout <b>bold</b>',
      scopes: ['transactions:write'],
    });

    await user.click(within(reveal).getByRole('button', { name: 'Copy API key' }));
    expect(await navigator.clipboard.readText()).toBe(FULL_KEY);
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();

    await user.click(within(reveal).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const list = await screen.findByRole('list', { name: 'API keys' });
    // The name is text, never markup; the secret is gone for good.
    expect(within(list).getByText('Checkout <b>bold</b>')).toBeInTheDocument();
    expect(within(list).getByText('amk_test_Ab12C…')).toBeInTheDocument();
    expect(within(list).getByText(/Never used/)).toBeInTheDocument();
    expect(screen.queryByDisplayValue(FULL_KEY)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(FULL_KEY);
  });

  it('asks for a name and a scope before sending anything', async () => {
    const { calls } = stubApi({ 'GET /api/developer/keys': () => ok({ apiKeys: [] }) });
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const form = await screen.findByRole('dialog', { name: 'Create API key' });
    for (const scope of [/transactions:read/, /transactions:write/])
      await user.click(within(form).getByLabelText(scope));
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    expect(within(form).getByText(PARTNER_TEXT.scopesRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's refusal in the form (live keys need Enhanced verification)", async () => {
    stubApi({
      'GET /api/developer/keys': () => ok({ apiKeys: [] }),
      'POST /api/developer/keys': () => fail(403, PARTNER_TEXT.liveNeedsEnhanced, 'FORBIDDEN'),
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const form = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(form).getByLabelText('Key name'), 'Live checkout');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(PARTNER_TEXT.liveNeedsEnhanced);
    expect(screen.queryByRole('dialog', { name: 'Your new API key' })).not.toBeInTheDocument();
  });

  it('revokes a key only after confirming', async () => {
    const key = makeApiKey({ lastUsedAt: '2026-12-01T08:00:00.000Z' });
    let keys: unknown[] = [key];
    const { calls } = stubApi({
      'GET /api/developer/keys': () => ok({ apiKeys: keys }),
      [`DELETE /api/developer/keys/${key.id}`]: () => {
        keys = [];
        return ok({ revoked: true });
      },
    });
    const user = userEvent.setup();
    renderSection();
    // Lagos time, whatever the device's zone (the tests run in New York).
    expect(await screen.findByText(/Last used 01\/12\/2026, 09:00/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke Shop checkout' }));
    let confirm = await screen.findByRole('dialog', { name: 'Revoke API key?' });
    expect(confirm).toHaveTextContent('amk_test_Ab12C…');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke Shop checkout' }));
    confirm = await screen.findByRole('dialog', { name: 'Revoke API key?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText(/No API keys yet/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(await screen.findByText(PARTNER_TEXT.keyRevoked)).toBeInTheDocument();
  });
});
