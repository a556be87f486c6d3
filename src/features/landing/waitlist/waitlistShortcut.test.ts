import { describe, expect, it } from 'vitest';
import { StorageKeys } from '@/lib/storageKeys';
import { saveWaitlistData, toWaitlistData, waitlistShortcutSchema } from './waitlistShortcut';

function messages(values: unknown): Record<string, string> {
  const result = waitlistShortcutSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('waitlist shortcut schema', () => {
  it('needs a name of at least 2 characters after trimming', () => {
    expect(messages({ name: ' A ', email: 'a@b.co' })).toEqual({ name: 'Name must be at least 2 characters' });
    expect(messages({ name: 'Al', email: 'a@b.co' })).toEqual({});
  });

  it('needs a valid email address', () => {
    expect(messages({ name: 'Alex', email: '' })).toEqual({ email: 'Please enter a valid email address' });
    expect(messages({ name: 'Alex', email: 'alex@' })).toEqual({ email: 'Please enter a valid email address' });
  });

  it('reports every invalid field at once', () => {
    expect(messages({ name: '', email: 'nope', company: '' })).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
    });
  });
});

describe('waitlist data', () => {
  it('is trimmed, flagged as waitlist and has an empty company when none is given', () => {
    expect(toWaitlistData({ name: '  Alex Lee ', email: ' alex@example.com ' })).toEqual({
      isWaitlist: true,
      fullName: 'Alex Lee',
      email: 'alex@example.com',
      company: '',
    });
  });

  it('is stored as JSON under waitlist_data', () => {
    const stored = new Map<string, string>();
    const storage = { setItem: (key: string, value: string) => stored.set(key, value) } as unknown as Storage;
    saveWaitlistData(toWaitlistData({ name: 'Alex', email: 'alex@example.com', company: 'Acme' }), storage);
    expect(StorageKeys.waitlistData).toBe('waitlist_data');
    expect(JSON.parse(stored.get('waitlist_data') ?? '')).toEqual({
      isWaitlist: true,
      fullName: 'Alex',
      email: 'alex@example.com',
      company: 'Acme',
    });
  });
});
