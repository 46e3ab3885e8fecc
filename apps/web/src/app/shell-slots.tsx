import { lazy } from 'react';
import type { PublicUser } from '@escrow/shared/schemas/auth';
import type { ShellSlots } from '../components/layouts/app-layout';
import { deferredPart } from '../lib/deferred-part';
import { NotificationBellStandIn } from '../features/notifications/components/notification-bell';
import { ConnectivityIndicators } from '../features/pwa/components/connectivity-indicators';
import { WalletButtonStandIn } from '../features/wallet/components/wallet-button';

// Loaded on first open of the help panel, so the assistant weighs nothing on the first page.
const AssistantChat = lazy(() => import('../features/assistant/components/assistant-chat'));

// What no screen is opened for (the bell, the wallet balance, the install offer) comes after the first
// screen, with its code (Radix's popover, zod with the schemas) and its requests; a press on a stand-in
// fetches it at once (lib/deferred-part.tsx, docs/performance.md).
const NotificationMenu = deferredPart<object>(
  () =>
    import('../features/notifications/components/notification-menu').then(
      (module) => module.NotificationMenu,
    ),
  NotificationBellStandIn,
);
const WalletDropdown = deferredPart<{ hiddenByDefault: boolean }>(
  () => import('../features/wallet/components/wallet-dropdown').then((module) => module.WalletDropdown),
  WalletButtonStandIn,
);
const InstallPrompt = deferredPart<object>(
  () => import('../features/pwa/components/install-prompt').then((module) => module.InstallPrompt),
  null,
);

/** The features' pieces of the signed-in shell: the app layer wires them in, components/ stays feature-free. */
export function shellSlots(user: PublicUser): ShellSlots {
  return {
    topBarStatus: (
      <>
        <ConnectivityIndicators />
        <WalletDropdown hiddenByDefault={user.hideAmounts} />
      </>
    ),
    notifications: <NotificationMenu />,
    assistant: <AssistantChat />,
    installPrompt: <InstallPrompt />,
  };
}
