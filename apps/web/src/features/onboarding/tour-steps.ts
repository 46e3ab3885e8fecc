import { content } from '../../config/content';

export type TourPosition = 'top' | 'bottom' | 'left' | 'right';

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
    title: `Welcome to ${content.productName}!`,
    description:
      'Buy and sell safely: the buyer’s money is held in escrow until the goods arrive. Here is a quick tour.',
    target: '[data-tour="welcome"]',
    // Below the statistics, which the card hid at 1280 px.
    cardAnchor: 'ul[aria-label="Statistics"]',
    position: 'bottom',
    action: 'Start Tour',
  },
  {
    id: 'create-transaction',
    title: 'Create a transaction',
    description: 'Start a deal as buyer or seller, set the price, and share the link with the other party.',
    target: '[data-tour="create-transaction"]',
    position: 'bottom',
    action: 'Next',
  },
  {
    id: 'transactions',
    title: 'Follow your transactions',
    description: 'Your newest transactions appear here with what to do next. Updates arrive live.',
    target: '[data-tour="transactions"]',
    position: 'top',
    action: 'Next',
  },
  {
    id: 'messages',
    title: 'Messages',
    description: 'Talk to the other party of a transaction.',
    target: 'a[href="/app/messages"]',
    position: 'right',
    action: 'Next',
  },
  {
    id: 'wallet',
    title: 'Your wallet',
    description: 'Fund your wallet to pay quickly, and receive the money from your sales.',
    target: 'a[href="/app/wallet"]',
    position: 'right',
    action: 'Next',
  },
  {
    id: 'notifications',
    title: 'Notifications',
    description: 'We tell you when the other party acts, so you never miss your turn.',
    target: 'a[href="/app/notifications"]',
    position: 'right',
    action: 'Finish',
  },
];

export const ONBOARDING_KEY = 'onboardingCompleted';
export const HIGHLIGHT_MS = 3_000;
