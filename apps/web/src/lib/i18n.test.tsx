import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { statusToastTextMessage, statusWords } from '@escrow/shared/domain/transaction-machine';
import { cancellationReasonMessage } from '@escrow/shared/texts/transactions';
import { LanguageSwitcher } from '../components/language-switcher';
import {
  currentLanguage,
  initialLanguage,
  LANGUAGE_STORAGE_KEY,
  loadCatalogues,
  setLanguage,
  t,
} from './i18n';

describe('t', () => {
  it('shows English by default and the chosen language once its catalogue has loaded', async () => {
    expect(t('Language')).toBe('Language');
    await setLanguage('yo');
    expect(t('Language')).toBe('Èdè');
    expect(document.documentElement.lang).toBe('yo');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('yo');
    await setLanguage('en');
    expect(document.documentElement.lang).toBe('en-NG');
    expect(t('Language')).toBe('Language');
  });

  it('shows a text no catalogue names as it is (a server message passed through)', async () => {
    await setLanguage('ha');
    expect(t('Something the server said')).toBe('Something the server said');
  });
});

describe('a message inside a message', () => {
  it('writes a status and a stored cancellation reason in the language of the sentence around them', async () => {
    await loadCatalogues('app', 'yo');
    await setLanguage('yo');
    const toast = t(statusToastTextMessage, { status: statusWords('WAITING_FOR_PAYMENT') });
    expect(toast).toBe('Ipò ìdúnàádúrà ti yí padà sí: ìdúró de ìsanwó');
    const reason = t('Reason: {reason}', { reason: cancellationReasonMessage('Invitation expired') });
    expect(reason).toBe('Ìdí: Àkókò ìpè náà ti kọjá');
    // A reason a party typed is shown as typed; a dispute's refund keeps its decision's words.
    expect(t('Reason: {reason}', { reason: cancellationReasonMessage('Changed my mind') })).toBe(
      'Ìdí: Changed my mind',
    );
    expect(t('Reason: {reason}', { reason: cancellationReasonMessage('Dispute: Item never came') })).toBe(
      'Ìdí: Àríyànjiyàn: Item never came',
    );
    await setLanguage('en');
    expect(t(statusToastTextMessage, { status: statusWords('WAITING_FOR_PAYMENT') })).toBe(
      'Transaction status updated to: waiting for payment',
    );
    expect(t('Reason: {reason}', { reason: cancellationReasonMessage('Dispute: Item never came') })).toBe(
      'Reason: Dispute: Item never came',
    );
  });
});

describe('texts asked for during a switch, or after it', () => {
  // Each test starts from a page that has loaded nothing yet (a fresh copy of the module).
  const freshPage = async () => {
    vi.resetModules();
    return { i18n: await import('./i18n'), hooks: await import('./use-language') };
  };

  it('brings a group asked for while a switch is on its way in the language being switched to', async () => {
    const { i18n } = await freshPage();
    // The entry switches to the device's language and, at once, the first screen asks for the app's texts.
    const switching = i18n.setLanguage('ig', { remember: false });
    await Promise.all([switching, i18n.loadCatalogues('app')]);
    expect(i18n.t('Add bank account')).toBe('Tinye akaụntụ ụlọ akụ');
  });

  it('renders a part again when the group it asked for arrives', async () => {
    const { i18n, hooks } = await freshPage();
    await i18n.setLanguage('ha', { remember: false });
    function TwoFactorTitle() {
      hooks.useCatalogueGroup('app');
      return <p>{i18n.t('6-digit code')}</p>;
    }
    render(<TwoFactorTitle />);
    expect(await screen.findByText('Lamba mai lambobi 6')).toBeInTheDocument();
  });

  it('keeps the later of two quick choices, even when the earlier one’s texts arrive last', async () => {
    const { i18n } = await freshPage();
    await i18n.loadCatalogues('public', 'en');
    const first = i18n.setLanguage('yo', { remember: false }); // its texts still to fetch
    const second = i18n.setLanguage('en', { remember: false }); // its texts already here
    await Promise.all([first, second]);
    expect(i18n.currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en-NG');
  });
});

describe('initialLanguage', () => {
  it("takes this device's last choice, else the browser's languages, else English", () => {
    const languages = Object.getOwnPropertyDescriptor(Navigator.prototype, 'languages')!;
    try {
      Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['fr-FR', 'ig-NG'] });
      expect(initialLanguage()).toBe('ig');
      localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pcm');
      expect(initialLanguage()).toBe('pcm');
      localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx');
      Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['fr-FR'] });
      expect(initialLanguage()).toBe('en');
    } finally {
      delete (navigator as { languages?: unknown }).languages;
      Object.defineProperty(Navigator.prototype, 'languages', languages);
    }
  });
});

describe('LanguageSwitcher', () => {
  it('switches the page and tells the caller, each language named in itself', async () => {
    const chosen: string[] = [];
    render(<LanguageSwitcher onChange={(language) => void chosen.push(language)} />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(screen.getByRole('option', { name: 'Yorùbá' })).toHaveAttribute('lang', 'yo');
    await userEvent.selectOptions(select, 'ha');
    await waitFor(() => expect(chosen).toEqual(['ha']));
    expect(currentLanguage()).toBe('ha');
    expect(document.documentElement.lang).toBe('ha');
  });
});
