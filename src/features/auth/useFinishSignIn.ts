// What every successful sign-in ends with: the device becomes the account's
// (another account's rows leave it, a sign-out's mark goes; under the sync
// lock, see src/sync/deviceOwner.ts), syncing resumes if an expired session
// had paused it, the toast, then the page that sent the user here or the portal.
import { useCallback } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { notify } from '@/components/notify';
import { currentUser } from '@/lib/session';
import { type Toast } from './authMessages';

export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

/** Loaded on demand: the sign-in page itself does not need the sync engine. */
async function claimDeviceAndResume(): Promise<void> {
  try {
    const userId = currentUser()?.id;
    const [{ resumeSync }, { claimDevice }, { db }] = await Promise.all([import('@/sync'), import('@/sync/deviceOwner'), import('@/db')]);
    // Before the portal opens: its sync starts only on a device claimed since the last sign-out.
    if (userId) await claimDevice(db, userId);
    await resumeSync();
  } catch (error) {
    console.error('Could not resume syncing after sign-in', error);
  }
}

export function useFinishSignIn(redirect: string | undefined): (toast: Toast) => void {
  const navigate = useNavigate();
  return useCallback(
    (toast: Toast) => {
      notify({ topic: 'account', kind: 'success', ...toast });
      void claimDeviceAndResume().then(() => navigate({ href: redirect ?? DEFAULT_AFTER_SIGN_IN, replace: true }));
    },
    [navigate, redirect],
  );
}
