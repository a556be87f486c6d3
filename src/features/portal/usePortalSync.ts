import { useEffect } from 'react';
import { db } from '@/db';
import { pb } from '@/lib/pocketbase';
import { startSync, type AfterStored } from '@/sync';
import { useDeletedAccountCheck } from './useDeletedAccountCheck';

/** Keeps the signed-in user's data syncing while the portal is open; `afterStored` is handed to the sync engine. */
export function usePortalSync(userId: string, afterStored?: AfterStored): void {
  useEffect(() => {
    // An administrator's engine also sends the door check-ins waiting on this device (src/sync/pushCheckIns.ts).
    const stop = startSync({ pb, db, userId, afterStored, administrator: pb.authStore.record?.role === 'administrator' });
    return () => {
      void stop();
    };
  }, [userId, afterStored]);
  useDeletedAccountCheck(userId);
}
