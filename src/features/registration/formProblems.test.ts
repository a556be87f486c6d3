import { describe, expect, it } from 'vitest';
import { emptyAttendee, type RegistrationFormValues } from './attendeeSchema';
import { formProblems } from './formProblems';

const values = (count: number): RegistrationFormValues => ({
  attendees: Array.from({ length: count }, () => emptyAttendee()),
  privacyConsent: false,
  marketingConsent: false,
});

describe('formProblems', () => {
  it('names every field needing attention in the order the form shows them, with the spec title and sentence', () => {
    const errors = {
      privacyConsent: 'You must accept the privacy policy to continue',
      'attendees.0.role': 'Role selection is required',
      'attendees.0.email': 'Valid email is required',
      'attendees.0.fullName': 'Full name is required',
      'attendees.0.company': 'Company is required',
    };
    const summary = formProblems(errors, values(1), 'paid');
    expect(summary).toEqual({
      title: 'Invalid Attendee Information',
      lead: 'Attendee 1 needs a valid full name, Attendee 1 needs a valid email address',
      problems: [
        { path: 'attendees.0.fullName', text: 'Full name is required' },
        { path: 'attendees.0.email', text: 'Valid email is required' },
        { path: 'attendees.0.company', text: 'Company is required' },
        { path: 'attendees.0.role', text: 'Role selection is required' },
        { path: 'privacyConsent', text: 'You must accept the privacy policy to continue' },
      ],
    });
  });

  it('says which attendee when there are several, and the spec words for a promo or waitlist entry without name and email', () => {
    const several = values(2);
    several.attendees[0] = { ...several.attendees[0]!, fullName: 'Zoë 𠮷田', email: 'zoe@example.com' };
    const summary = formProblems({ 'attendees.1.email': 'Invalid email address', 'attendees.0.company': 'Company is required' }, several, 'paid');
    expect(summary?.problems.map((problem) => problem.text)).toEqual(['Attendee 1: Company is required', 'Attendee 2: Invalid email address']);
    expect(formProblems({ 'attendees.0.fullName': 'Full name is required' }, values(1), 'waitlist')).toMatchObject({
      title: 'Missing Information',
      lead: 'Please provide your full name and email address',
    });
  });

  it('counts the fields when the names and emails are fine, and says nothing without errors', () => {
    const filled = values(1);
    filled.attendees[0] = { ...filled.attendees[0]!, fullName: 'عائشة', email: 'aisha@example.com' };
    expect(formProblems({ privacyConsent: 'You must accept the privacy policy to continue' }, filled, 'paid')).toMatchObject({ title: 'Please check 1 field', lead: null });
    expect(formProblems({}, filled, 'paid')).toBeNull();
  });
});
