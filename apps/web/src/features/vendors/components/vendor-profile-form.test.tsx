import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, renderWithApp, stubApi } from '../../../testing/render-with-app';
import { VendorProfileEditor } from './vendor-profile-form';

const TERMS = 'Please accept the seller terms to publish your profile';
const PHONE = 'Please enter a valid Nigerian phone number';

async function fillProfile() {
  await userEvent.type(await screen.findByLabelText('Business name'), 'Kemi Crafts');
  await userEvent.selectOptions(screen.getByLabelText('State'), 'Oyo');
  await userEvent.type(screen.getByLabelText('Description'), 'Adire fabric and carvings.');
  await userEvent.click(screen.getByLabelText('Art & Collectibles'));
  await userEvent.type(screen.getByLabelText('Contact phone'), '0803 555 0101');
  await userEvent.type(screen.getByLabelText('Contact e-mail'), 'kemi@art.example');
}

function openEditor(handlers: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ 'GET /api/vendors/me': () => ok({ vendor: null }), ...handlers });
  renderWithApp([{ path: '/app/vendor/profile', element: <VendorProfileEditor /> }], '/app/vendor/profile');
  return api;
}

describe('publishing a vendor profile (react-hook-form over the shared profile schema)', () => {
  it('asks for the seller terms beside the box, focused, before sending anything', async () => {
    const api = openEditor();
    await fillProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

    const terms = screen.getByLabelText(/I accept the/);
    await waitFor(() => expect(terms).toHaveFocus());
    expect(terms).toHaveAccessibleDescription(TERMS);
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.click(terms);
    await waitFor(() => expect(terms).not.toHaveAccessibleDescription());
  });

  it('puts a 400 naming a field beside that field, focused', async () => {
    openEditor({
      'PUT /api/vendors/me': () => ({
        status: 400,
        body: {
          success: false,
          error: PHONE,
          code: 'VALIDATION_ERROR',
          details: [{ field: 'phone', message: PHONE }],
        },
      }),
    });
    await fillProfile();
    await userEvent.click(screen.getByLabelText(/I accept the/));
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    const phone = screen.getByLabelText('Contact phone');
    await waitFor(() => expect(phone).toHaveAccessibleDescription(PHONE));
    expect(phone).toHaveFocus();
  });
});
