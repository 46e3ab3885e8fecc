import { act, render, screen, waitFor } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissPageToastsOnNavigation, type NavigationSource } from './page-toasts';

function fakeRouter() {
  const listeners = new Set<(state: { location: { pathname: string } }) => void>();
  const router: NavigationSource & { go: (pathname: string) => void } = {
    state: { location: { pathname: '/signup' } },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    go: (pathname) => {
      router.state = { location: { pathname } };
      listeners.forEach((listener) => listener(router.state));
    },
  };
  return router;
}

let stop = () => {};
afterEach(() => {
  stop();
  toast.dismiss();
});

describe('toasts belong to their page', () => {
  it('dismisses what the last page showed, keeps what the navigating action raised', async () => {
    const router = fakeRouter();
    stop = dismissPageToastsOnNavigation(router);
    render(<Toaster />);
    act(() => void toast.error('Invalid email or password'));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();

    // The user presses a link: what is on screen now belongs to this page.
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    act(() => {
      toast.success('Account created successfully! Please login to continue.');
      router.go('/login');
    });
    await waitFor(() => expect(screen.queryByText('Invalid email or password')).not.toBeInTheDocument());
    expect(screen.getByText('Account created successfully! Please login to continue.')).toBeInTheDocument();

    // A search or hash change on the same page keeps its toasts.
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    act(() => router.go('/login'));
    expect(screen.getByText('Account created successfully! Please login to continue.')).toBeInTheDocument();
  });
});
