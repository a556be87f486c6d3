// The Profile Settings form: its fields, the industry choices, validation and
// the patch a save queues (only what the user changed since the form opened, trimmed).
import type { Industry, ProfileRow } from '@/db';

export const industryOptions: { value: Industry; label: string }[] = [
  { value: 'technology', label: 'Technology' },
  { value: 'finance', label: 'Finance' },
  { value: 'healthcare', label: 'Healthcare' },
  { value: 'education', label: 'Education' },
  { value: 'manufacturing', label: 'Manufacturing' },
  { value: 'retail', label: 'Retail' },
  { value: 'other', label: 'Other' },
];

/** The server's limit on the text fields. */
export const PROFILE_TEXT_MAX = 200;

const editableFields = ['full_name', 'company', 'job_title', 'industry', 'linkedin_url', 'avatar_url'] as const;

export type ProfileFormValues = Pick<ProfileRow, (typeof editableFields)[number]>;

export function profileFormValues(profile: { [F in keyof ProfileFormValues]?: ProfileFormValues[F] | null }): ProfileFormValues {
  return {
    full_name: profile.full_name ?? '',
    company: profile.company ?? '',
    job_title: profile.job_title ?? '',
    industry: profile.industry ?? '',
    linkedin_url: profile.linkedin_url ?? '',
    avatar_url: profile.avatar_url ?? '',
  };
}

/**
 * The fields changed since the form opened (`opened`: the values it started
 * from, never the live row, which a pull may have changed meanwhile), trimmed;
 * empty when nothing changed.
 */
export function profilePatch(values: ProfileFormValues, opened: ProfileFormValues): Partial<ProfileFormValues> {
  const saved = profileFormValues(opened);
  const patch: Partial<ProfileFormValues> = {};
  for (const field of editableFields) {
    const value = values[field].trim();
    if (value !== saved[field]) Object.assign(patch, { [field]: value });
  }
  return patch;
}

export const INVALID_URL = 'Please enter a valid URL starting with http:// or https://';

/** Empty, or an http(s) address the server's URL field accepts. */
export function urlError(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') ? null : INVALID_URL;
  } catch {
    return INVALID_URL;
  }
}
