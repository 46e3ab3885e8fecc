import { useEffect, useId, useRef, useState } from 'react';
import { msg } from '@escrow/shared/i18n/msg';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { t } from '../../../lib/i18n';
import { Link } from '../../../lib/link';
import { content } from '../../../config/content';
import CloseIcon from 'lucide-react/icons/x';
import { LogoMark } from './logo-mark';
import MenuIcon from 'lucide-react/icons/menu';

export const SECTION_LINKS = [
  { href: '#how-it-works', label: msg('How It Works') },
  { href: '#security', label: msg('Security') },
  { href: '#pricing', label: msg('Pricing') },
  { href: '#support', label: msg('Support') },
] as const;

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
const navLink = `rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-brand-800 ${focusRing}`;

/** The landing header: section links, Sign Up and Login, and a menu button under 768 px. */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <>
      {/* The language comes first, above the header, so a visitor finds it at once on any screen. */}
      <div className="border-b border-slate-200 bg-slate-50">
        <div className="mx-auto flex max-w-6xl justify-end px-4 py-1.5 sm:px-6">
          <LanguageSwitcher />
        </div>
      </div>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to="/" className={`flex items-center gap-2 rounded-md font-bold text-slate-900 ${focusRing}`}>
            <LogoMark />
            <span>{content.productName}</span>
          </Link>
          <nav aria-label={t('Main')} className="hidden md:block">
            <ul className="flex items-center gap-1">
              {SECTION_LINKS.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className={navLink}>
                    {t(link.label)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="hidden items-center gap-2 md:flex">
            <Link to="/login" className={navLink}>
              {t('Login')}
            </Link>
            <Link
              to="/signup"
              className={`rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 ${focusRing}`}
            >
              {t('Sign Up')}
            </Link>
          </div>
          <button
            ref={buttonRef}
            type="button"
            className={`inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 md:hidden ${focusRing}`}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t('Close menu') : t('Open menu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
        <nav
          id={menuId}
          aria-label={t('Mobile')}
          hidden={!menuOpen}
          className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden"
        >
          <ul className="flex flex-col py-2">
            {SECTION_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} className={`block ${navLink} py-3`} onClick={() => setMenuOpen(false)}>
                  {t(link.label)}
                </a>
              </li>
            ))}
          </ul>
          <div className="grid grid-cols-2 gap-3">
            <Link
              to="/login"
              className={`rounded-lg border border-slate-300 px-4 py-2.5 text-center text-sm font-semibold text-slate-900 ${focusRing}`}
            >
              {t('Login')}
            </Link>
            <Link
              to="/signup"
              className={`rounded-lg bg-brand-700 px-4 py-2.5 text-center text-sm font-semibold text-white ${focusRing}`}
            >
              {t('Sign Up')}
            </Link>
          </div>
        </nav>
      </header>
    </>
  );
}
