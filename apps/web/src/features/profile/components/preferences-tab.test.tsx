import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_TEXT } from '@escrow/shared/schemas/auth';
import { currentLanguage, t } from '../../../lib/i18n';
import { fail, ok, stubApi, type StubHandler } from '../../../testing/api-mock';
import { makeUser } from '../../../testing/render-with-app';
import { PreferencesTab } from './preferences-tab';

function renderTab(put: StubHandler) {
  const stub = stubApi({ 'PUT /api/auth/me': put });
  const onSaved = vi.fn();
  toast.dismiss();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PreferencesTab user={makeUser()} onSaved={onSaved} notificationSettings={null} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...stub, onSaved };
}

const languageSelect = () => screen.getByRole('combobox', { name: 'Language' });

describe('Profile → Preferences: language', () => {
  it('switches the screens and saves the chosen language on the account', async () => {
    const saved = makeUser({ language: 'yo' });
    const { calls, onSaved } = renderTab(() => ok({ user: saved }));

    await userEvent.selectOptions(languageSelect(), 'yo');

    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ language: 'yo' });
    expect(currentLanguage()).toBe('yo');
    // The cached user is replaced with the saved one, as the other preference does.
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    // Said in the language just chosen.
    expect(await screen.findByText(t(AUTH_TEXT.profileUpdated))).toBeInTheDocument();
  });

  it('says so when the account could not keep it (the screens stay switched on this device)', async () => {
    const { calls, onSaved } = renderTab(() => fail(500, 'Internal error', 'INTERNAL'));

    await userEvent.selectOptions(languageSelect(), 'ha');

    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ language: 'ha' });
    expect(await screen.findByText(t('Failed to update profile. Please try again.'))).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(currentLanguage()).toBe('ha');
  });
});
