import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LanguageSwitcher } from '../components/language-switcher';
import { currentLanguage, initialLanguage, LANGUAGE_STORAGE_KEY, setLanguage, t } from './i18n';

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
