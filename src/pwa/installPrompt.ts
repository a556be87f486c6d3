// The portal's "Install app" entry's view of ./installOffer.ts.
import { useSyncExternalStore } from 'react';
import { offer, subscribe, type InstallOffer } from './installOffer';

export { promptInstall, type BeforeInstallPromptEvent, type InstallOffer } from './installOffer';

export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(subscribe, offer, () => null);
}
