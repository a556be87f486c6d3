import { useEffect } from 'react';
import { db } from '@/db';
import { pb } from '@/lib/pocketbase';
import { startSync } from '@/sync';
import { useDeletedAccountCheck } from './useDeletedAccountCheck';

/** Keeps the signed-in user's data syncing while the portal is open. */
export function usePortalSync(userId: string): void {
  useEffect(() => {
    const stop = startSync({ pb, db, userId });
    return () => {
      void stop();
    };
  }, [userId]);
  useDeletedAccountCheck(userId);
}
