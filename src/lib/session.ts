// The stored session as the UI needs it: signed in or not, and the role.
import { useSyncExternalStore } from 'react';
import { pb } from './pocketbase';

export type Role = 'attendee' | 'administrator';

export interface SessionView {
  signedIn: boolean;
  role: Role | null;
  isAdmin: boolean;
}

function readSession(): SessionView {
  const record = pb.authStore.isValid ? pb.authStore.record : null;
  const role = (record?.role as Role | undefined) ?? null;
  return { signedIn: record !== null, role, isAdmin: role === 'administrator' };
}

let cached = readSession();
const subscribe = (onChange: () => void) =>
  pb.authStore.onChange(() => {
    cached = readSession();
    onChange();
  });

export function useSession(): SessionView {
  return useSyncExternalStore(subscribe, () => cached, () => cached);
}
