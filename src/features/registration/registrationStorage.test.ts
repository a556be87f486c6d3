import { describe, expect, it } from 'vitest';
import {
  markSessionProcessed,
  readProcessedSessions,
  readRegistrationData,
  readWaitlistPrefill,
  removeWaitlistData,
  saveRegistrationData,
} from './registrationStorage';
import { memoryStorage } from '@/lib/testing/memoryStorage';

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
