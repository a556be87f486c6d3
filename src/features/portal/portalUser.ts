// The signed-in user as the portal needs it, from the stored session. An
// expired token still counts (`currentUser`): the portal opens offline from
// local data and the sync engine asks to sign in again on a 401.
import { useSyncExternalStore } from 'react';
import { redirect } from '@tanstack/react-router';
import { pb } from '@/lib/pocketbase';
import { currentUser, isAdministrator, type Role } from '@/lib/session';

export interface PortalUser {
  id: string;
  email: string;
  role: Role;
  fullName: string;
}

let cache: { key: string; user: PortalUser | null } = { key: '', user: null };

/** The stored user; the same object until something the portal shows changes. */
function snapshot(): PortalUser | null {
  const record = currentUser();
  const key = record ? JSON.stringify([record.id, record.email, record.role, record.full_name]) : '';
  if (key !== cache.key) {
    cache = {
      key,
      user: record
        ? { id: record.id, email: record.email ?? '', role: isAdministrator(record) ? 'administrator' : 'attendee', fullName: record.full_name ?? '' }
        : null,
    };
  }
  return cache.user;
}

const subscribe = (onChange: () => void) => pb.authStore.onChange(onChange);

export function usePortalUser(): PortalUser | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** `beforeLoad` guard: a stored user, or /auth with a way back to `href`. */
export function requireSignedIn(href: string): void {
  if (!currentUser()) throw redirect({ href: `/auth?redirect=${encodeURIComponent(href)}` });
}

/** `beforeLoad` guard of the admin area: signed out → /auth, not an administrator → /dashboard. */
export function requireAdministrator(href: string): void {
  requireSignedIn(href);
  if (!isAdministrator(currentUser())) throw redirect({ to: '/dashboard' });
}
