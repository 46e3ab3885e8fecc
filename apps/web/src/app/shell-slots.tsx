import { lazy } from 'react';
import type { PublicUser } from '@escrow/shared/schemas/auth';
import type { ShellSlots } from '../components/layouts/app-layout';
import { NotificationMenu } from '../features/notifications/components/notification-menu';
import { ConnectivityIndicators } from '../features/pwa/components/connectivity-indicators';
import { InstallPrompt } from '../features/pwa/components/install-prompt';
import { WalletDropdown } from '../features/wallet/components/wallet-dropdown';

// Loaded on first open of the help panel, so the assistant weighs nothing on the first page.
const AssistantChat = lazy(() => import('../features/assistant/components/assistant-chat'));

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
