import * as RadixDialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { t } from '../../lib/i18n';
import CloseIcon from 'lucide-react/icons/x';
import type { NavItem } from './nav-items';

type MoreSheetProps = {
  items: NavItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The 'More' button (bottom-nav.tsx), which gets the focus back when the sheet closes. */
  button: RefObject<HTMLButtonElement | null>;
  contentId: string;
};

/**
 * The bottom navigation's 'More': a sheet from the bottom of the screen with the remaining items. A
 * Radix dialog, so focus moves into it, stays there, Escape closes it and focus returns to 'More'.
 * The button is bottom-nav.tsx's, so that it works before this code (Radix's dialog) has loaded.
 */
export function MoreSheet({ items, open, onOpenChange, button, contentId }: MoreSheetProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          id={contentId}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            button.current?.focus();
          }}
          className="fixed inset-x-0 bottom-0 z-50 rounded-t-2xl bg-white p-4 pb-[calc(1rem+env(safe-area-inset-bottom))] shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between">
            <RadixDialog.Title className="text-base font-semibold text-slate-900">
              {t('More')}
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label={t('Close')}
              className="rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <CloseIcon className="h-5 w-5" />
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="sr-only">{t('More places in the app')}</RadixDialog.Description>
          <ul className="mt-2 grid grid-cols-2 gap-2">
            {items.map(({ label, to, Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  onClick={() => onOpenChange(false)}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-lg px-3 py-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
                      isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
                    )
                  }
                >
                  <Icon className="h-5 w-5" />
                  {t(label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
