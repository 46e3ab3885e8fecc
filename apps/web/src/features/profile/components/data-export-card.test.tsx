import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import type { DataExport } from '@escrow/shared/schemas/privacy';
import { PRIVACY_TEXT } from '@escrow/shared/texts/privacy';
import { ok, stubApi } from '../../../testing/api-mock';
import { DataExportCard } from './data-export-card';

const READY: DataExport = {
  id: 'exp-1',
  status: 'READY',
  requestedAt: '2026-03-01T10:00:00.000Z',
  readyAt: '2026-03-01T10:02:00.000Z',
  expiresAt: '2026-03-08T10:02:00.000Z',
  size: 2048,
  downloadUrl: '/api/auth/me/exports/exp-1/download',
};

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <DataExportCard />
      <Toaster />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('DataExportCard', () => {
  it('asks for a copy and shows it being prepared', async () => {
    let asked = false;
    const { calls } = stubApi({
      'GET /api/auth/me/exports': () =>
        ok(
          asked
            ? {
                exports: [
                  {
                    ...READY,
                    status: 'PENDING',
                    readyAt: null,
                    expiresAt: null,
                    size: null,
                    downloadUrl: null,
                  },
                ],
                nextRequestAt: '2026-03-02T10:00:00.000Z',
              }
            : { exports: [], nextRequestAt: null },
        ),
      'POST /api/auth/me/export': () => {
        asked = true;
        return {
          status: 202,
          body: { success: true, data: { export: READY }, message: PRIVACY_TEXT.exportRequested },
        };
      },
    });
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Request my data' }));
    expect(await screen.findByText(PRIVACY_TEXT.exportRequested)).toBeInTheDocument();
    expect(await screen.findByText(/^Preparing your data/)).toBeInTheDocument();
    // One a day: the button waits until the server says another may be asked for.
    expect(screen.getByRole('button', { name: 'Request my data' })).toBeDisabled();
    expect(screen.getByText(/^You can ask for another copy after/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('offers a ready copy for download, fetched with the token and saved under the server name', async () => {
    localStorage.setItem('authToken', 'token-abc');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = vi.fn(() => 'blob:zip');
        static override revokeObjectURL = vi.fn();
      },
    );
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { calls } = stubApi({
      'GET /api/auth/me/exports': () => ok({ exports: [READY], nextRequestAt: null }),
      'GET /api/auth/me/exports/exp-1/download': () => ({
        status: 200,
        body: {},
        headers: { 'content-disposition': 'attachment; filename="amana-my-data-2026-03-01.zip"' },
      }),
    });
    const user = renderCard();
    expect(await screen.findByText(/^Your data is ready \(2 KB\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download ZIP' }));
    await vi.waitFor(() => expect(saved).toEqual(['amana-my-data-2026-03-01.zip']));
    const download = calls.find((c) => c.path === '/api/auth/me/exports/exp-1/download');
    expect(download?.headers.authorization).toBe('Bearer token-abc');
    click.mockRestore();
    localStorage.clear();
  });

  it("shows the server's words when today's copy was already asked for", async () => {
    const text = PRIVACY_TEXT.exportOncePerDay(5);
    stubApi({
      'GET /api/auth/me/exports': () => ok({ exports: [], nextRequestAt: null }),
      'POST /api/auth/me/export': () => ({
        status: 429,
        headers: { 'retry-after': '18000' },
        body: { success: false, code: 'RATE_LIMITED', error: text },
      }),
    });
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Request my data' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
