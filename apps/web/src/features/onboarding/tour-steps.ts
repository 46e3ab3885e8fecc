import { msg } from '@escrow/shared/i18n/msg';

export type TourPosition = 'top' | 'bottom' | 'left' | 'right';

/** `title`, `description` and `action` are messages (msg): the tour shows them with t(). */
export type TourStep = {
  id: 'welcome' | 'create-transaction' | 'transactions' | 'messages' | 'wallet' | 'notifications';
  title: string;
  description: string;
  /** CSS selector of the element the step points at; the first visible match is used. */
  target: string;
  /** Places the card against this element instead of the target (the target is still highlighted). */
  cardAnchor?: string;
  position: TourPosition;
  action: string;
};

/** The six steps of the onboarding tour. Nav targets are the shell's links (side or bottom nav). */
export const TOUR_STEPS: readonly TourStep[] = [
  {
    id: 'welcome',
    title: msg('Welcome to Amana Escrow!'),
    description: msg(
      'Buy and sell safely: the buyer’s money is held in escrow until the goods arrive. Here is a quick tour.',
    ),
    target: '[data-tour="welcome"]',
    // Below the statistics, which the card hid at 1280 px.
    cardAnchor: 'ul[aria-label="Statistics"]',
    position: 'bottom',
    action: msg('Start Tour'),
  },
  {
    id: 'create-transaction',
    title: msg('Create a transaction'),
    description: msg(
      'Start a deal as buyer or seller, set the price, and share the link with the other party.',
    ),
    target: '[data-tour="create-transaction"]',
    position: 'bottom',
    action: msg('Next'),
  },
  {
    id: 'transactions',
    title: msg('Follow your transactions'),
    description: msg('Your newest transactions appear here with what to do next. Updates arrive live.'),
    target: '[data-tour="transactions"]',
    position: 'top',
    action: msg('Next'),
  },
  {
    id: 'messages',
    title: msg('Messages'),
    description: msg('Talk to the other party of a transaction.'),
    target: 'a[href="/app/messages"]',
    position: 'right',
    action: msg('Next'),
  },
  {
    id: 'wallet',
    title: msg('Your wallet'),
    description: msg('Fund your wallet to pay quickly, and receive the money from your sales.'),
    target: 'a[href="/app/wallet"]',
    position: 'right',
    action: msg('Next'),
  },
  {
    id: 'notifications',
    title: msg('Notifications'),
    description: msg('We tell you when the other party acts, so you never miss your turn.'),
    target: 'a[href="/app/notifications"]',
    position: 'right',
    action: msg('Finish'),
  },
];

export const ONBOARDING_KEY = 'onboardingCompleted';
export const HIGHLIGHT_MS = 3_000;
