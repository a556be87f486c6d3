// An account deleted on another device: this device's session is then refused
// at the next sync ('Sign in again to sync'). Before asking to sign in again,
// the portal asks the server whether the account was deleted (it keeps a
// tombstone of it); if so, everything of the account leaves this device.
import { useEffect } from 'react';
import { accountWasDeleted } from '@/lib/deletedAccount';
import { useSyncStatus } from '@/sync';
import { forgetDeletedAccount } from '@/sync/forgetDeletedAccount';

export function useDeletedAccountCheck(userId: string): void {
  const { paused, online } = useSyncStatus();
  const refused = paused === 'signin' && online;
  useEffect(() => {
    if (!refused) return;
    let cancelled = false;
    accountWasDeleted(userId).then(
      (deleted) => {
        if (deleted && !cancelled) void forgetDeletedAccount();
      },
      () => undefined, // not answered: the sign-in prompt stays, and the next refusal asks again
    );
    return () => {
      cancelled = true;
    };
  }, [refused, userId]);
}
