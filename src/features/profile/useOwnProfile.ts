import { useLiveQuery } from 'dexie-react-hooks';
import { db, type ProfileRow } from '@/db';

export type OwnProfile = { status: 'loading' } | { status: 'ready'; profile: ProfileRow } | { status: 'failed' };

/** The signed-in user's profile row on this device; 'loading' until the first sync brings it. */
export function useOwnProfile(userId: string): OwnProfile {
  const result = useLiveQuery(
    () =>
      db.profiles.get(userId).then(
        (profile): OwnProfile => (profile ? { status: 'ready', profile } : { status: 'loading' }),
        (error: unknown): OwnProfile => {
          console.error('Failed to load profile data', error);
          return { status: 'failed' };
        },
      ),
    [userId],
  );
  return result ?? { status: 'loading' };
}
