import { useLiveQuery } from 'dexie-react-hooks';
import { db, type ProfileRow } from '@/db';
import { useStoredData, type StoredData } from '@/components/stored-data/useStoredData';

export type OwnProfile = StoredData<ProfileRow> | { status: 'failed' };

/**
 * The signed-in user's profile row on this device: 'loading' while the first
 * sync may still bring it, then 'needs-connection' (offline, a failed pass, or
 * still nothing after a few seconds), and 'ready' as soon as it is stored.
 */
export function useOwnProfile(userId: string): OwnProfile {
  const result = useLiveQuery(
    () =>
      db.profiles.get(userId).then(
        (profile) => profile ?? null,
        (error: unknown) => {
          console.error('Failed to load profile data', error);
          return 'failed' as const;
        },
      ),
    [userId],
  );
  const stored = useStoredData(result === 'failed' ? undefined : result);
  return result === 'failed' ? { status: 'failed' } : stored;
}
