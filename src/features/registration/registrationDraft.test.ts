import { beforeEach, describe, expect, it } from 'vitest';
import { emptyAttendee } from './attendeeSchema';
import { clearRegistrationDraft, readRegistrationDraft, requestToSend, updateRegistrationDraft } from './registrationDraft';
import { memoryStorage } from '@/lib/testing/memoryStorage';

const ada = { fullName: 'Ada Lovelace', email: 'ada@example.com', company: 'Engines', jobTitle: 'CTO', phoneNumber: '0400', role: 'Senior Manager' };

Object.assign(globalThis, { window: { localStorage: memoryStorage(), sessionStorage: memoryStorage() } });

describe('registration draft', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps what was typed, per mode, without the cards list keys', () => {
    updateRegistrationDraft(false, { values: { attendees: [emptyAttendee(ada), emptyAttendee()], privacyConsent: true, marketingConsent: false } });
    const draft = readRegistrationDraft(false);
    expect(draft?.values.attendees.map((attendee) => ({ ...attendee, key: undefined }))).toEqual([
      { ...ada, dietaryRequirements: '', key: undefined },
      { fullName: '', email: '', company: '', jobTitle: '', phoneNumber: '', role: '', dietaryRequirements: '', key: undefined },
    ]);
    expect(draft?.values.privacyConsent).toBe(true);
    expect(readRegistrationDraft(true)).toBeNull();
    expect(window.localStorage.getItem('draft:registration')).not.toContain('attendee-');
  });

  it('merges updates and clears', () => {
    updateRegistrationDraft(true, { values: { attendees: [emptyAttendee(ada)], privacyConsent: true, marketingConsent: true } });
    updateRegistrationDraft(true, { request: { requestId: 'a'.repeat(32), body: '{}', sent: false }, waiting: true });
    expect(readRegistrationDraft(true)).toMatchObject({ waiting: true, request: { requestId: 'a'.repeat(32) }, values: { marketingConsent: true } });
    clearRegistrationDraft(true);
    expect(readRegistrationDraft(true)).toBeNull();
  });

  it('reads tampered or broken storage as absent or cleaned', () => {
    window.localStorage.setItem('draft:registration', '{not json');
    expect(readRegistrationDraft(false)).toBeNull();
    window.localStorage.setItem('draft:registration', JSON.stringify({ values: { attendees: [{ fullName: 7, email: 'x@y.z', isAdmin: true }] }, waiting: true }));
    const draft = readRegistrationDraft(false);
    expect(draft?.values.attendees[0]).toMatchObject({ fullName: '', email: 'x@y.z' });
    expect(draft?.values.attendees[0]).not.toHaveProperty('isAdmin');
    // Waiting without a request to send means nothing is waiting.
    expect(draft?.waiting).toBe(false);
    window.localStorage.setItem('draft:registration:waitlist', JSON.stringify({ values: { attendees: [ada, ada] }, promoCode: 'X' }));
    expect(readRegistrationDraft(true)).toMatchObject({ promoCode: null });
    expect(readRegistrationDraft(true)?.values.attendees).toHaveLength(1);
  });

  it('sends the same request under the same key and a changed one under a new key', () => {
    const body = JSON.stringify({ mode: 'waitlist' });
    const first = requestToSend(null, body);
    expect(first).toMatchObject({ body, sent: false });
    expect(first.requestId).toMatch(/^[0-9a-f]{32}$/);
    const draft = { values: { attendees: [], privacyConsent: true, marketingConsent: false }, promoCode: null, discount: null, request: first, waiting: true };
    expect(requestToSend(draft, body).requestId).toBe(first.requestId);
    const changed = requestToSend(draft, JSON.stringify({ mode: 'paid' }));
    expect(changed.requestId).not.toBe(first.requestId);
    expect(changed.requestId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends a request whose answer was lost again as it was, under its key, even after the form changed', () => {
    const body = JSON.stringify({ mode: 'paid', attendees: [{ fullName: 'Ada Lovelace' }] });
    const lost = { ...requestToSend(null, body), sent: true };
    const draft = { values: { attendees: [emptyAttendee(ada)], privacyConsent: true, marketingConsent: false }, promoCode: null, discount: null, request: lost, waiting: true };
    const edited = JSON.stringify({ mode: 'paid', attendees: [{ fullName: 'Ada King' }] });
    expect(requestToSend(draft, edited)).toEqual(lost);
    // Stored and read back (a reload between the lost answer and the retry): still the same request.
    updateRegistrationDraft(false, draft);
    expect(requestToSend(readRegistrationDraft(false), edited)).toEqual(lost);
  });
});
