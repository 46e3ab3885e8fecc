import { useId, useState, type ReactNode } from 'react';
import type { PublicUser } from '@escrow/shared/schemas/auth';
import { useFirstScreenShown } from '../../lib/first-screen';
import { t } from '../../lib/i18n';
import { useUnreadMessages } from '../../widgets/chat/chat-api';
import { BottomNav } from './bottom-nav';
import { HelpPanel, type HelpPanelState } from './help-panel';
import { isStaff, MORE_NAV_ITEMS, OPERATOR_CONSOLE_ITEM, type UnreadCounts } from './nav-items';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';

/**
 * The pieces of the shell that belong to features. The app layer (app/shell-slots.tsx) supplies them, so
 * components/ never imports a feature.
 */
export type ShellSlots = {
  /** Desktop-only top-bar status: connectivity and the wallet. */
  topBarStatus: ReactNode;
  /** The top bar's notification bell. */
  notifications: ReactNode;
  /** The help panel's conversation, rendered from the panel's first opening (a lazy component loads then). */
  assistant: ReactNode;
  installPrompt: ReactNode;
};

/** The signed-in shell: top bar, side navigation from 768 px, bottom navigation below. */
export function AppLayout({
  user,
  slots,
  children,
}: {
  user: PublicUser;
  slots: ShellSlots;
  children: ReactNode;
}) {
  const helpPanelId = useId();
  const [helpState, setHelpState] = useState<HelpPanelState>('closed');
  // The side and bottom navigation's Messages badge; the bell reads its own count (features/notifications).
  // Asked for once the screen has painted: the badge is not what the screen is opened for.
  const unreadMessages = useUnreadMessages({ enabled: useFirstScreenShown() });
  const unread: UnreadCounts = { messages: unreadMessages.data ?? 0, notifications: 0 };

  return (
    <div className="min-h-dvh bg-slate-50">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        {t('Skip to content')}
      </a>
      <TopBar
        user={user}
        helpPanelId={helpPanelId}
        helpState={helpState}
        onToggleHelp={() => setHelpState((state) => (state === 'open' ? 'closed' : 'open'))}
        status={slots.topBarStatus}
        notifications={slots.notifications}
      />
      <div className="flex">
        <SideNav
          showOperatorConsole={isStaff(user.role)}
          unread={unread}
          className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-60 shrink-0 overflow-y-auto md:block"
        />
        {/* The bottom padding keeps the end of every page clear of what is fixed over it: the bottom
            navigation and the AI button on a phone, the AI button (bottom-4, 3rem) from 768 px. */}
        <main
          id="main-content"
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 pb-36 pt-4 focus:outline-none sm:px-6 md:pb-24 md:pt-6"
        >
          {children}
        </main>
      </div>
      <BottomNav
        unread={unread}
        moreItems={isStaff(user.role) ? [...MORE_NAV_ITEMS, OPERATOR_CONSOLE_ITEM] : MORE_NAV_ITEMS}
        className="md:hidden"
      />
      <HelpPanel id={helpPanelId} state={helpState} onStateChange={setHelpState}>
        {slots.assistant}
      </HelpPanel>
      {slots.installPrompt}
    </div>
  );
}
