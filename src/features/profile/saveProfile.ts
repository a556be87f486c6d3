// Saving Profile Settings. The form keeps the values it opened with; a save
// sends only what the user changed since then, so a field an administrator
// changed meanwhile (pulled into the live row) is never written back with
// the old value; each change carries the opened values as its base, so a
// field changed on both sides comes back as a conflict for the user to settle.
// While the form is open, fields the user has not touched follow the live row.
import type { MasterclassDb, ProfileRow } from '@/db';
import { queueChange } from '@/sync';
import { profileFormValues, profilePatch, type ProfileFormValues } from './profileForm';

/** Queues the user's changes since `opened` and returns them (empty: nothing to save). */
export async function saveProfile(
  db: MasterclassDb, profileId: string, opened: ProfileFormValues, values: ProfileFormValues,
): Promise<Partial<ProfileFormValues>> {
  const patch = profilePatch(values, opened);
  // The base is what the user edited from: a field an administrator changed
  // meanwhile is then refused as a conflict instead of silently overwritten.
  const base = Object.fromEntries(Object.keys(patch).map((field) => [field, opened[field as keyof ProfileFormValues]]));
  if (Object.keys(patch).length > 0) await queueChange(db, { collection: 'users', recordId: profileId, op: 'update', patch, base });
  return patch;
}

/**
 * The form after the live row changed: each field the user has not touched
 * (still equal to its opened value) takes the live value, which also becomes
 * its new opened value; fields being edited keep what the user typed.
 */
export function followLiveProfile(
  values: ProfileFormValues, opened: ProfileFormValues, live: ProfileRow,
): { values: ProfileFormValues; opened: ProfileFormValues } {
  const fresh = profileFormValues(live);
  const next = { values: { ...values }, opened: { ...opened } };
  for (const field of Object.keys(fresh) as (keyof ProfileFormValues)[]) {
    if (values[field] !== opened[field] || fresh[field] === opened[field]) continue;
    Object.assign(next.values, { [field]: fresh[field] });
    Object.assign(next.opened, { [field]: fresh[field] });
  }
  return next;
}
