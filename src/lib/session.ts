// The stored session as the UI needs it: signed in or not, the role, and the
// stored user for route guards. Signing out is src/sync/signOut.ts (it stops
// the sync and clears the device's data first).
import { useSyncExternalStore } from 'react';
import type { RecordModel } from 'pocketbase';
import { pb } from './pocketbase';

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
  const record = pb.authStore.record as SessionUser | null;
  // A stored user without an id (a session an older version kept from an answer cut off mid-way) is no session.
  // A door pass's session (the door page, /door/$pass) is no user's: never an attendee or an administrator.
  return record?.id && record.collectionName !== DOOR_PASSES ? record : null;
}

/** The auth collection of door passes: a link and a PIN that open one masterclass's door (pb_hooks/lib/checkin/passes.js). */
export const DOOR_PASSES = 'door_passes';

/** A door pass's stored session: the pass, its masterclass and its name. */
export interface DoorPassRecord {
  id: string;
  event: string;
  label: string;
}

/** The stored door pass session, or null (no session, or a user's). */
export function currentDoorPass(): DoorPassRecord | null {
  const record = pb.authStore.record;
  if (!record?.id || record.collectionName !== DOOR_PASSES) return null;
  return { id: record.id, event: String(record.event ?? ''), label: String(record.label ?? '') };
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

/** What a server render sees (the build prerenders the landing page signed out). */
const SIGNED_OUT: SessionView = { signedIn: false, role: null, isAdmin: false };

// Read on every snapshot (the store re-reads localStorage anyway), so a change
// made while no component was listening (a sign-in on /auth) is seen too; the
// same view object is kept while nothing the UI shows changed. Nothing is read
// when the module loads: a phone's first touch of localStorage is slow, and the
// app's modules all load in one task. Signed out, the view is the prerender's own
// object: React, having hydrated the prerendered page with it, finds nothing changed.
let cached: SessionView = SIGNED_OUT;
function snapshot(): SessionView {
  const next = readSession();
  if (next.signedIn !== cached.signedIn || next.role !== cached.role) cached = next.signedIn ? next : SIGNED_OUT;
  return cached;
}

const subscribe = (onChange: () => void) => pb.authStore.onChange(onChange);

const prerenderSnapshot = () => SIGNED_OUT;

export function useSession(): SessionView {
  return useSyncExternalStore(subscribe, snapshot, prerenderSnapshot);
}

/** Set for the next /auth visit when a sign-out kept changes that were not sent yet (src/sync/signOut.ts). */
export const UNSENT_CHANGES_KEPT_KEY = 'signed_out_with_unsent_changes';
