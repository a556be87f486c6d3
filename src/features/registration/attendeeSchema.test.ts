import { describe, expect, it } from 'vitest';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { attendeeProblems, emptyAttendee, hasNameAndEmail, registrationFormSchema } from './attendeeSchema';

const validate = zod4Resolver(registrationFormSchema, { errorPriority: 'first' });
const valid = emptyAttendee({
  fullName: 'Alex Lee',
  email: 'alex@example.com',
  company: 'Acme',
  jobTitle: 'CTO',
  phoneNumber: '0400 000 000',
  role: 'Senior Manager',
});

describe('registration form schema', () => {
  it('gives the inline messages for empty fields and the consent message', () => {
    expect(validate({ attendees: [emptyAttendee()], privacyConsent: false, marketingConsent: false })).toEqual({
      'attendees.0.fullName': 'Full name is required',
      'attendees.0.email': 'Valid email is required',
      'attendees.0.company': 'Company is required',
      'attendees.0.jobTitle': 'Job title is required',
      'attendees.0.phoneNumber': 'Phone number is required',
      'attendees.0.role': 'Role selection is required',
      privacyConsent: 'You must accept the privacy policy to continue',
    });
  });

  it('gives the schema messages for a short name, a bad email and an unknown role', () => {
    const attendee = { ...valid, fullName: ' A ', email: 'alex@', role: 'Wizard', company: '   ', phoneNumber: '0400 abc' };
    expect(validate({ attendees: [valid, attendee], privacyConsent: true, marketingConsent: false })).toEqual({
      'attendees.1.fullName': 'Full name must be at least 2 characters',
      'attendees.1.email': 'Invalid email address',
      'attendees.1.company': 'Company is required',
      'attendees.1.phoneNumber': 'Phone number may only contain digits, spaces and + ( ) - .',
      'attendees.1.role': 'Role is required',
    });
  });

  it("gives the server's words for an address that can never receive email (the shared rule)", () => {
    for (const email of ['alex@deleted.invalid', 'alex@lab.test', 'alex@printer.local']) {
      expect(validate({ attendees: [{ ...valid, email }], privacyConsent: true, marketingConsent: false }), email).toEqual({
        'attendees.0.email': 'This address can never receive email, so the ticket could not reach this attendee. Please enter a real email address.',
      });
    }
  });

  it('accepts complete attendees with an empty dietary field', () => {
    expect(validate({ attendees: [valid], privacyConsent: true, marketingConsent: false })).toEqual({});
  });
});

describe('attendee checks before payment', () => {
  it('names each attendee with a bad name or email, in order', () => {
    expect(
      attendeeProblems([
        { fullName: 'Alex Lee', email: 'alex@example.com' },
        { fullName: 'B', email: 'b@example' },
        { fullName: '  ', email: 'c@example.com' },
      ]),
    ).toEqual(['Attendee 2 needs a valid full name', 'Attendee 2 needs a valid email address', 'Attendee 3 needs a valid full name']);
  });

  it('needs the first attendee name and email for promo and waitlist', () => {
    expect(hasNameAndEmail({ fullName: 'Alex', email: 'a@b.co' })).toBe(true);
    expect(hasNameAndEmail({ fullName: ' ', email: 'a@b.co' })).toBe(false);
    expect(hasNameAndEmail({ fullName: 'Alex', email: '' })).toBe(false);
    expect(hasNameAndEmail(undefined)).toBe(false);
  });
});
