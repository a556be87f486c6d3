// The sync engine while the admin area is open, for the signed-in
// administrator: it sends the door check-ins and undos waiting on this device
// (whichever administrator made them, for whatever masterclass) and, on a door
// device, pulls every door's check-ins and the attendee lists
// (src/sync/pushCheckIns.ts, pullDoor.ts). It pulls none of the portal's data.
import { useEffect } from 'react';
import { db } from '@/db';
import { pb } from '@/lib/pocketbase';
import { startSync } from '@/sync';

const NOTHING_OF_THE_PORTAL = [] as const;

export function useAdminSync(userId: string | null): void {
  useEffect(() => {
    if (!userId) return undefined;
    const stop = startSync({ pb, db, userId, administrator: true, collections: NOTHING_OF_THE_PORTAL });
    return () => {
      void stop();
    };
  }, [userId]);
}
