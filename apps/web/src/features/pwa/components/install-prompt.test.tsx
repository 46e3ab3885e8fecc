import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installEvents } from '../install-events';
import { INSTALL_DISMISSED_KEY, InstallPrompt } from './install-prompt';
import { ConnectivityIndicators } from './connectivity-indicators';

function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => void window.dispatchEvent(event));
  return event;
}

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

afterEach(() => {
  installEvents.consumePrompt();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('InstallPrompt', () => {
  it('stays hidden until the browser offers installation', () => {
    render(<InstallPrompt />);
    expect(screen.queryByRole('button', { name: 'Install App' })).not.toBeInTheDocument();
  });

  it('shows Install App for a browser offer, holds back the browser infobar and runs its prompt', async () => {
    const user = userEvent.setup();
    render(<InstallPrompt />);
    const event = offerInstall('accepted');
    expect(event.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Install App' }));
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Install App' })).not.toBeInTheDocument();
  });

  it('remembers a dismissal for the browser session', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<InstallPrompt />);
    offerInstall();
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('button', { name: 'Install App' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('1');

    unmount();
    render(<InstallPrompt />);
    offerInstall();
    expect(screen.queryByRole('button', { name: 'Install App' })).not.toBeInTheDocument();
  });

  it('shows the manual iOS steps after 3 s in Safari', () => {
    vi.useFakeTimers();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    render(<InstallPrompt />);
    act(() => void vi.advanceTimersByTime(2900));
    expect(screen.queryByText('Add to Home Screen')).not.toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.getByText('Share')).toBeInTheDocument();
    expect(screen.getByText('Add to Home Screen')).toBeInTheDocument();
    expect(screen.getByText('Add')).toBeInTheDocument();
  });
});

describe('ConnectivityIndicators', () => {
  it('follows the online and offline events', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<ConnectivityIndicators />);
    expect(screen.getByRole('status')).toHaveTextContent('Online');
    online.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status')).toHaveTextContent('Offline');
    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByRole('status')).toHaveTextContent('Online');
  });

  it('shows the installed indicator once the app is installed', () => {
    render(<ConnectivityIndicators />);
    expect(screen.queryByText('App installed')).not.toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(screen.getByText('App installed')).toBeInTheDocument();
  });
});
