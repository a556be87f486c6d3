// Saving Profile Settings. The form keeps the values it opened with; a save
// sends only what the user changed since then, so a field an administrator
// changed meanwhile (pulled into the live row) is never written back with
// the old value; each change carries the opened values as its base, so a
// field changed on both sides comes back as a conflict for the user to settle.
// It also carries, per field, the version of the row the field was edited
// from (`sync_seq`: the row the form opened with, or the live row a field
// followed since), so a field an administrator changed and changed back
// meanwhile is a conflict too (docs/sync.md "Push": versions, not values).
// While the form is open, fields the user has not touched follow the live row.
import type { MasterclassDb, ProfileRow } from '@/db';
import { queueChange } from '@/sync';
import { profileFormValues, profilePatch, type ProfileFormValues } from './profileForm';

/** Per form field, the version (`sync_seq`) of the row it shows was taken from. */
export type ProfileFormVersions = Partial<Record<keyof ProfileFormValues, number>>;

/** Every field of a form opened on `row`: that row's version (0: no server version held). */
export function openedVersions(row: ProfileRow): ProfileFormVersions {
  const version = typeof row.sync_seq === 'number' ? row.sync_seq : 0;
  return Object.fromEntries(Object.keys(profileFormValues(row)).map((field) => [field, version]));
}

/** Queues the user's changes since `opened` and returns them (empty: nothing to save). */
export async function saveProfile(
  db: MasterclassDb, profileId: string, opened: ProfileFormValues, values: ProfileFormValues, versions: ProfileFormVersions = {},
): Promise<Partial<ProfileFormValues>> {
  const patch = profilePatch(values, opened);
  // The base is what the user edited from: a field an administrator changed
  // meanwhile is then refused as a conflict instead of silently overwritten.
  const base = Object.fromEntries(Object.keys(patch).map((field) => [field, opened[field as keyof ProfileFormValues]]));
  const edited = Object.fromEntries(Object.keys(patch).flatMap((field) => {
    const version = versions[field as keyof ProfileFormValues];
    return typeof version === 'number' ? [[field, version]] : [];
  }));
  if (Object.keys(patch).length > 0) await queueChange(db, { collection: 'users', recordId: profileId, op: 'update', patch, base, versions: edited });
  return patch;
}

/**
 * The form after the live row changed: each field the user has not touched
 * (still equal to its opened value) takes the live value, which also becomes
 * its new opened value; fields being edited keep what the user typed.
 */
export function followLiveProfile(
  values: ProfileFormValues, opened: ProfileFormValues, live: ProfileRow, versions: ProfileFormVersions = {},
): { values: ProfileFormValues; opened: ProfileFormValues; versions: ProfileFormVersions } {
  const fresh = profileFormValues(live);
  const next = { values: { ...values }, opened: { ...opened }, versions: { ...versions } };
  const liveVersion = typeof live.sync_seq === 'number' ? live.sync_seq : 0;
  for (const field of Object.keys(fresh) as (keyof ProfileFormValues)[]) {
    if (values[field] !== opened[field]) continue;
    // Not being edited: what it shows is the live row's, whether its value changed or not.
    next.versions[field] = liveVersion;
    if (fresh[field] === opened[field]) continue;
    Object.assign(next.values, { [field]: fresh[field] });
    Object.assign(next.opened, { [field]: fresh[field] });
  }
  return next;
}
