import { describe, expect, it } from 'vitest';
import {
  markSessionProcessed,
  readProcessedSessions,
  readRegistrationData,
  readWaitlistPrefill,
  removeWaitlistData,
  saveRegistrationData,
} from './registrationStorage';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('registration storage', () => {
  it('reads waitlist_data written by the landing shortcut, and removes it', () => {
    const storage = memoryStorage({
      waitlist_data: JSON.stringify({ isWaitlist: true, fullName: 'Alex Lee', email: 'alex@example.com', company: '' }),
    });
    expect(readWaitlistPrefill(storage)).toEqual({ fullName: 'Alex Lee', email: 'alex@example.com', company: '' });
    removeWaitlistData(storage);
    expect(storage.getItem('waitlist_data')).toBeNull();
    expect(readWaitlistPrefill(storage)).toBeNull();
  });

  it('ignores malformed values', () => {
    const storage = memoryStorage({ waitlist_data: '{oops', registration_data: '[]', processed_stripe_sessions: '{"a":1}' });
    expect(readWaitlistPrefill(storage)).toBeNull();
    expect(readRegistrationData(storage)).toBeNull();
    expect(readProcessedSessions(storage)).toEqual([]);
  });

  it('keeps registration_data and a de-duplicated list of processed sessions', () => {
    const storage = memoryStorage();
    const data = {
      registrationId: 'r1',
      attendees: [],
      testMode: true,
      attendeeIds: [],
      privacyConsent: true,
      marketingConsent: false,
      utmParams: { utm_source: 'linkedin' },
    };
    saveRegistrationData(data, storage);
    expect(readRegistrationData(storage)).toEqual(data);
    markSessionProcessed('cs_1', storage);
    markSessionProcessed('cs_2', storage);
    markSessionProcessed('cs_1', storage);
    expect(JSON.parse(storage.getItem('processed_stripe_sessions') ?? '')).toEqual(['cs_1', 'cs_2']);
  });
});
