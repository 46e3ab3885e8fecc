import { useCallback, useState } from 'react';

const KEY = 'wallet:amountsHidden';

function readHidden(): boolean {
  try {
    return sessionStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

/** Whether wallet amounts are masked; remembered for the browser session (spec 02 §2.2 wallet dropdown). */
export function useHiddenAmounts(): [boolean, () => void] {
  const [hidden, setHidden] = useState(readHidden);
  const toggle = useCallback(() => {
    setHidden((previous) => {
      const next = !previous;
      try {
        sessionStorage.setItem(KEY, String(next));
      } catch {
        // Storage can be unavailable (private mode); the toggle still works for this page.
      }
      return next;
    });
  }, []);
  return [hidden, toggle];
}

export const MASKED_AMOUNT = '₦ ••••••';
