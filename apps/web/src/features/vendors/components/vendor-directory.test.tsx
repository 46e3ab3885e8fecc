import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, renderWithApp, stubApi } from '../../../testing/render-with-app';
import { VendorDirectory } from './vendor-directory';

const EMPTY = { vendors: [], total: 0, page: 1, totalPages: 1 };
const listCalls = (calls: { path: string }[]) => calls.filter((c) => c.path.startsWith('/api/vendors?'));

function openDirectory(handlers: Parameters<typeof stubApi>[0] = {}) {
  // The first matching prefix answers: the test's own handlers before the catch-all.
  const api = stubApi({
    ...handlers,
    'GET /api/vendors?*': () => ok(EMPTY),
    'GET /api/vendors/saved': () => ok({ vendors: [] }),
  });
  renderWithApp([{ path: '/app/vendor', element: <VendorDirectory /> }], '/app/vendor');
  return api;
}

describe('the vendor directory’s search (react-hook-form over the server’s list query)', () => {
  it('applies a filter when chosen and the search once typing pauses, from page 1', async () => {
    const api = openDirectory();
    await userEvent.selectOptions(await screen.findByLabelText('State'), 'Oyo');
    await waitFor(() =>
      expect(listCalls(api.calls).at(-1)?.path).toBe('/api/vendors?sort=rating&page=1&limit=12&state=Oyo'),
    );
    await userEvent.type(screen.getByLabelText('Search'), '  adire ');
    await waitFor(() =>
      expect(listCalls(api.calls).at(-1)?.path).toBe(
        '/api/vendors?sort=rating&page=1&limit=12&q=adire&state=Oyo',
      ),
    );
    expect(await screen.findByText('No vendors match your search.')).toBeInTheDocument();

    // Saved Vendors and back: the search and filters are still the ones applied.
    await userEvent.click(screen.getByRole('button', { name: 'Saved Vendors' }));
    expect(await screen.findByText('You have not saved any vendors yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'All Vendors' }));
    expect(await screen.findByLabelText('State')).toHaveValue('Oyo');
    expect(screen.getByLabelText('Search')).toHaveValue('adire');
  });

  it('puts a 400 naming a query field beside that field, not a page-wide error', async () => {
    openDirectory({
      'GET /api/vendors?sort=rating&page=1&limit=12&q=*': () => ({
        status: 400,
        body: {
          success: false,
          error: 'Search must be at most 100 characters',
          code: 'VALIDATION_ERROR',
          details: [{ field: 'q', message: 'Search must be at most 100 characters' }],
        },
      }),
    });
    const search = await screen.findByLabelText('Search');
    await userEvent.type(search, 'kemi{Enter}');
    await waitFor(() => expect(search).toHaveAccessibleDescription('Search must be at most 100 characters'));
    expect(search).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: /Retry|Try again/ })).toBeNull();
  });
});
