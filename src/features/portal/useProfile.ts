import { useLiveQuery } from 'dexie-react-hooks';
import { db, type ProfileRow } from '@/db';

/** The signed-in user's profile row on this device (undefined until the first sync brings it). */
export function useProfile(userId: string): ProfileRow | undefined {
  return useLiveQuery(() => db.profiles.get(userId), [userId]);
}
