import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderAt, stubApi } from '../../../testing/render-at';
import DevelopersPage from './developers';

describe('/app/developers', () => {
  it('shows keys, endpoints and the quick start, each saying what to do when empty', async () => {
    stubApi({
      'GET /api/developer/keys': () => ok({ apiKeys: [] }),
      'GET /api/developer/webhooks': () => ok({ webhooks: [] }),
    });
    renderAt(<DevelopersPage />, { path: '/app/developers' });
    expect(screen.getByRole('heading', { level: 1, name: 'Developers' })).toBeInTheDocument();
    expect(document.title).toBe('Developers — Amana Escrow');
    expect(await screen.findByText(/No API keys yet. Create one/)).toBeInTheDocument();
    expect(await screen.findByText(/No endpoints yet. Add your server/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'API keys' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Webhooks' })).toBeInTheDocument();
    // The quick start calls this very deployment.
    expect(screen.getByRole('region', { name: 'curl command' })).toHaveTextContent(
      `${window.location.origin}/api/partner/v1/transactions`,
    );
  });

  it("shows a load failure with the server's words and a way to try again", async () => {
    stubApi({
      'GET /api/developer/keys': () => ({
        status: 500,
        body: { success: false, error: 'Internal server error', code: 'INTERNAL_ERROR' },
      }),
      'GET /api/developer/webhooks': () => ok({ webhooks: [] }),
    });
    renderAt(<DevelopersPage />, { path: '/app/developers' });
    expect(await screen.findByText('Internal server error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
