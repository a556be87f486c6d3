// What every successful sign-in ends with: syncing resumes if an expired
// session had paused it, the toast, then the page that sent the user here or
// the portal.
import { useCallback } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { showToast } from '@/components/showToast';
import { type Toast } from './authMessages';

export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

/** Loaded on demand: the sign-in page itself does not need the sync engine. */
async function resumePausedSync(): Promise<void> {
  try {
    const { resumeSync } = await import('@/sync');
    await resumeSync();
  } catch (error) {
    console.error('Could not resume syncing after sign-in', error);
  }
}

export function useFinishSignIn(redirect: string | undefined): (toast: Toast) => void {
  const navigate = useNavigate();
  return useCallback(
    (toast: Toast) => {
      void resumePausedSync();
      showToast('success', toast);
      void navigate({ href: redirect ?? DEFAULT_AFTER_SIGN_IN, replace: true });
    },
    [navigate, redirect],
  );
}
