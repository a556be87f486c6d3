// The stored session as the UI needs it: signed in or not, the role, the
// stored user for route guards, and signing out.
import { useSyncExternalStore } from 'react';
import type { RecordModel } from 'pocketbase';
import { pb } from './pocketbase';
import { FILES_CACHE } from './fileCache';

export type Role = 'attendee' | 'administrator';

export interface SessionView {
  signedIn: boolean;
  role: Role | null;
  isAdmin: boolean;
}

/** The signed-in user's own `users` record as the auth store keeps it. */
export interface SessionUser extends RecordModel {
  email: string;
  full_name: string;
  role: Role;
}

/**
 * The stored user, even when its token has expired: the local-first portal
 * still opens offline; when the network is back the sync engine renews the
 * token and asks to sign in again only if the server refuses it.
 */
export function currentUser(): SessionUser | null {
  return (pb.authStore.record as SessionUser | null) ?? null;
}

export const isAdministrator = (user: SessionUser | null) => user?.role === 'administrator';

// A stored user whose token expired still counts as signed in, as in the
// portal: the device's clock may be wrong, and only the server's refusal (at
// the next sync) ends the session.
function readSession(): SessionView {
  const record = currentUser();
  const role = record?.role ?? null;
  return { signedIn: record !== null, role, isAdmin: role === 'administrator' };
}

// Read on every snapshot (the store re-reads localStorage anyway), so a change
// made while no component was listening (a sign-in on /auth) is seen too; the
// same view object is kept while nothing the UI shows changed.
let cached = readSession();
function snapshot(): SessionView {
  const next = readSession();
  if (next.signedIn !== cached.signedIn || next.role !== cached.role) cached = next;
  return cached;
}

const subscribe = (onChange: () => void) => pb.authStore.onChange(onChange);

/** What a server render sees (the build prerenders the landing page signed out). */
const SIGNED_OUT: SessionView = { signedIn: false, role: null, isAdmin: false };
const prerenderSnapshot = () => SIGNED_OUT;

export function useSession(): SessionView {
  return useSyncExternalStore(subscribe, snapshot, prerenderSnapshot);
}

/** Set for the next /auth visit when a sign-out kept changes that were not sent yet. */
export const UNSENT_CHANGES_KEPT_KEY = 'signed_out_with_unsent_changes';

/**
 * Signs out: stops syncing, removes the user's own rows from this device unless
 * changes still wait to be sent (those are never thrown away; /auth says so),
 * drops the stored files (session materials), forgets the session and opens /auth with a full page load, so nothing of the
 * signed-out user stays in memory. The sync modules load on demand: the landing
 * page, which reads the session too, must not carry them.
 */
export async function signOut(): Promise<void> {
  try {
    const [{ stopSync, forgetLocalUserData }, { db }] = await Promise.all([import('@/sync'), import('@/db')]);
    await stopSync();
    if (!(await forgetLocalUserData(db))) window.sessionStorage.setItem(UNSENT_CHANGES_KEPT_KEY, 'true');
  } catch (error) {
    console.error('Could not clear this device\'s data at sign-out', error);
  }
  // Session materials stored for offline use belong to the signed-in attendee: the
  // next person on this device must not open them offline. The cache refills
  // (speaker images included) on the next visit.
  try {
    if (typeof caches !== 'undefined') await caches.delete(FILES_CACHE);
  } catch (error) {
    console.error('Could not clear this device\'s stored files at sign-out', error);
  }
  pb.authStore.clear();
  window.location.assign('/auth');
}
