// Profile Settings edits not yet saved, kept in session storage (this tab only,
// gone when it closes) so a reload — the "New version available" Reload, a
// crash — never loses them. Kept with the values the form opened from, so a
// save after the reload still sends only what the user changed. Cleared once
// saved; another account never sees it.
import { clearDraft, isRecord, readDraft, stringFields, writeDraft } from '@/pwa/formDrafts';
import { profileFormValues, type ProfileFormValues } from './profileForm';

const DRAFT = 'profile';
const FIELDS = ['full_name', 'company', 'job_title', 'industry', 'linkedin_url', 'avatar_url'] as const;

export interface ProfileDraft {
  opened: ProfileFormValues;
  values: ProfileFormValues;
  /** The version each field was opened on (absent in a draft kept by an older version). */
  versions?: Partial<Record<keyof ProfileFormValues, number>>;
}

function cleanVersions(value: unknown): ProfileDraft['versions'] {
  if (!isRecord(value)) return undefined;
  return Object.fromEntries(FIELDS.flatMap((field) => {
    const version = value[field];
    return typeof version === 'number' && Number.isSafeInteger(version) && version >= 0 ? [[field, version]] : [];
  }));
}

function cleanValues(value: unknown): ProfileFormValues | null {
  if (!isRecord(value)) return null;
  const text = stringFields(value, FIELDS);
  return profileFormValues({ ...text, industry: text.industry as ProfileFormValues['industry'] });
}

export function readProfileDraft(userId: string): ProfileDraft | null {
  const stored = readDraft(DRAFT, isRecord, 'session');
  if (!stored || stored.userId !== userId) return null;
  const opened = cleanValues(stored.opened);
  const values = cleanValues(stored.values);
  if (!opened || !values) return null;
  const versions = cleanVersions(stored.versions);
  return versions ? { opened, values, versions } : { opened, values };
}

/** Keeps unsaved edits; values equal to those opened leave no draft. */
export function saveProfileDraft(userId: string, opened: ProfileFormValues, values: ProfileFormValues, versions?: ProfileDraft['versions']): void {
  if (FIELDS.every((field) => values[field] === opened[field])) clearDraft(DRAFT, 'session');
  else writeDraft(DRAFT, { userId, opened, values, ...(versions ? { versions } : {}) }, 'session');
}
