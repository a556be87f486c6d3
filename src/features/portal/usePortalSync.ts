import { useEffect } from 'react';
import { db } from '@/db';
import { pb } from '@/lib/pocketbase';
import { startSync, type AfterStored } from '@/sync';
import { useDeletedAccountCheck } from './useDeletedAccountCheck';

/** Keeps the signed-in user's data syncing while the portal is open; `afterStored` is handed to the sync engine. */
export function usePortalSync(userId: string, afterStored?: AfterStored): void {
  useEffect(() => {
    const stop = startSync({ pb, db, userId, afterStored });
    return () => {
      void stop();
    };
  }, [userId, afterStored]);
  useDeletedAccountCheck(userId);
}
