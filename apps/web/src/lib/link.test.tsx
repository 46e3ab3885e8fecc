import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link } from './link';
import { setNavigator } from './navigation';

afterEach(() => setNavigator({ navigate: () => undefined }));

describe('Link (lib/link.tsx)', () => {
  it('a plain click navigates in the page through the navigator; pointing at it prepares the way', () => {
    const navigate = vi.fn();
    const prepare = vi.fn();
    setNavigator({ navigate, prepare });
    render(<Link to="/login">Login</Link>);
    const link = screen.getByRole('link', { name: 'Login' });
    expect(link.getAttribute('href')).toBe('/login');

    fireEvent.pointerEnter(link);
    fireEvent.focus(link);
    expect(prepare).toHaveBeenCalledTimes(2);
    const click = fireEvent.click(link, { button: 0 });
    expect(click).toBe(false); // the browser's own navigation was prevented
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('a click with a modifier key, or on a link that opens elsewhere, is left to the browser', () => {
    const navigate = vi.fn();
    setNavigator({ navigate });
    render(
      <>
        <Link to="/signup">Sign Up</Link>
        <Link to="/legal/privacy-policy" target="_blank">
          Privacy
        </Link>
      </>,
    );
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey']) {
      expect(fireEvent.click(screen.getByRole('link', { name: 'Sign Up' }), { [modifier]: true })).toBe(true);
    }
    expect(fireEvent.click(screen.getByRole('link', { name: 'Privacy' }))).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });
});
