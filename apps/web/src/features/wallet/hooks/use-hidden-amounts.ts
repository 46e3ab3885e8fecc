import { useCallback, useState } from 'react';

const KEY = 'wallet:amountsHidden';

function readChoice(): boolean | null {
  try {
    const value = sessionStorage.getItem(KEY);
    return value === null ? null : value === 'true';
  } catch {
    return null;
  }
}

/**
 * Whether wallet amounts are masked (the top bar's wallet dropdown). Starts from the user's 'hide
 * amounts by default' preference (profile, stored on the server); a toggle here is remembered for the
 * browser session and wins over it until the session ends.
 */
export function useHiddenAmounts(hiddenByDefault = false): [boolean, () => void] {
  const [choice, setChoice] = useState(readChoice);
  const hidden = choice ?? hiddenByDefault;
  const toggle = useCallback(() => {
    const next = !hidden;
    setChoice(next);
    try {
      sessionStorage.setItem(KEY, String(next));
    } catch {
      // Storage can be unavailable (private mode); the toggle still works for this page.
    }
  }, [hidden]);
  return [hidden, toggle];
}

export const MASKED_AMOUNT = '₦ ••••••';
