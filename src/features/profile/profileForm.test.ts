import { describe, expect, it } from 'vitest';
import type { ProfileRow } from '@/db';
import { INVALID_URL, industryOptions, profileFormValues, profilePatch, urlError } from './profileForm';

const profile: ProfileRow = {
  id: 'user00000000001',
  updated: '2025-06-01 00:00:00.000Z',
  email: 'ada@example.com',
  verified: true,
  full_name: 'Ada Lovelace',
  company: 'Analytical Engines',
  job_title: '',
  industry: '',
  linkedin_url: '',
  avatar_url: '',
  role: 'attendee',
};

describe('profile form', () => {
  it('offers the spec industries in order', () => {
    expect(industryOptions.map((option) => option.value)).toEqual(['technology', 'finance', 'healthcare', 'education', 'manufacturing', 'retail', 'other']);
  });

  it('never edits the email or the role', () => {
    expect(Object.keys(profileFormValues(profile)).sort()).toEqual(['avatar_url', 'company', 'full_name', 'industry', 'job_title', 'linkedin_url']);
  });

  it('patches only what changed, trimmed', () => {
    const values = { ...profileFormValues(profile), full_name: '  Ada King ', job_title: 'Countess', company: 'Analytical Engines ' };
    expect(profilePatch(values, profile)).toEqual({ full_name: 'Ada King', job_title: 'Countess' });
    expect(profilePatch(profileFormValues(profile), profile)).toEqual({});
  });

  it('clears a field with an empty string', () => {
    expect(profilePatch({ ...profileFormValues(profile), company: ' ' }, profile)).toEqual({ company: '' });
  });
});

describe('urlError', () => {
  it('accepts empty and http(s) addresses', () => {
    expect(urlError('')).toBeNull();
    expect(urlError('https://www.linkedin.com/in/ada')).toBeNull();
    expect(urlError(' http://example.com/me.png ')).toBeNull();
  });

  it('refuses anything else', () => {
    for (const value of ['linkedin.com/in/ada', 'ftp://example.com/x', 'javascript:alert(1)', 'https://localhost', 'not a url']) {
      expect(urlError(value)).toBe(INVALID_URL);
    }
  });
});
