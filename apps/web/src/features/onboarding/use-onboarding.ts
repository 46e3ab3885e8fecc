import { useCallback, useEffect, useState } from 'react';
import { authApi } from '../../lib/auth/auth-api';
import { useAuth } from '../../lib/auth/auth-context';
import { ONBOARDING_KEY } from './tour-steps';

const completedLocally = () => localStorage.getItem(ONBOARDING_KEY) === 'true';

/**
 * Whether the tour should show, and how to end it. Ending saves onboardingCompleted=true in this browser
 * and on the account, so the tour does not come back on another device.
 */
export function useOnboarding() {
  const { user, setUser } = useAuth();
  const [dismissed, setDismissed] = useState(completedLocally);
  const serverDone = user?.onboardingCompleted ?? true;

  const saveOnServer = useCallback(async () => {
    try {
      const { user: updated } = await authApi.updateMe({ onboardingCompleted: true });
      setUser(updated);
    } catch (error) {
      console.error('Could not save onboarding progress', error);
    }
  }, [setUser]);

  // Finished here earlier while the server could not be told: tell it now.
  useEffect(() => {
    if (user && dismissed && !serverDone) void saveOnServer();
  }, [user, dismissed, serverDone, saveOnServer]);

  const complete = useCallback(() => {
    localStorage.setItem(ONBOARDING_KEY, 'true');
    setDismissed(true);
    void saveOnServer();
  }, [saveOnServer]);

  return { show: !!user && !dismissed && !serverDone, complete };
}
