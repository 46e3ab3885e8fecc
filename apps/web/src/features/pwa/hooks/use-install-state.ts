import { useSyncExternalStore } from 'react';
import { installEvents, type InstallState } from '../install-events';

export function useInstallState(): InstallState {
  return useSyncExternalStore(installEvents.subscribe, installEvents.getSnapshot);
}
