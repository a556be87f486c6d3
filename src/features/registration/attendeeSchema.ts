// The registration form: one entry per attendee plus consent (spec sections 3
// and 5). The server validates again; these checks only spare a round trip.
import { z } from 'zod';
import { ATTENDEE_ROLES } from '@/lib/attendeeRoles';
import {
  EMAIL_MAX, FULL_NAME_MAX, FULL_NAME_MIN, NAME_LINK_MESSAGE, RESERVED_EMAIL_MESSAGE, emailField, isReservedEmailDomain, nameCarriesLink,
} from '@/lib/sharedRules';
import { FieldMessages, attendeeNeedsValidEmail, attendeeNeedsValidName } from './registrationMessages';

/** The most attendees a registration may have when the event does not say (events.max_per_registration). */
export const MAX_ATTENDEES = 10;

/** Same maxima as the attendees collection, so the server never rejects what the form allowed. */
export const ATTENDEE_LIMITS = {
  fullName: FULL_NAME_MAX,
  email: EMAIL_MAX,
  company: 200,
  jobTitle: 200,
  phoneNumber: 40,
  dietaryRequirements: 1000,
} as const;

/** The characters the attendees collection accepts in a phone number. */
const PHONE_CHARACTERS = /^[0-9+()\-. ]*$/;

const required = (message: string) => z.string().trim().min(1, { message, abort: true });

export const attendeeSchema = z.object({
  fullName: required(FieldMessages.fullNameRequired)
    .min(FULL_NAME_MIN, FieldMessages.fullNameTooShort)
    .refine((name) => !nameCarriesLink(name), NAME_LINK_MESSAGE),
  email: required(FieldMessages.emailRequired)
    .pipe(emailField(FieldMessages.emailInvalid))
    .refine((email) => !isReservedEmailDomain(email), RESERVED_EMAIL_MESSAGE),
  company: required(FieldMessages.companyRequired),
  jobTitle: required(FieldMessages.jobTitleRequired),
  phoneNumber: required(FieldMessages.phoneNumberRequired).regex(PHONE_CHARACTERS, FieldMessages.phoneNumberInvalid),
  role: required(FieldMessages.roleRequired).pipe(z.enum(ATTENDEE_ROLES, FieldMessages.roleInvalid)),
  dietaryRequirements: z.string().trim(),
});

export const registrationFormSchema = z.object({
  attendees: z.array(attendeeSchema).min(1),
  privacyConsent: z.literal(true, FieldMessages.privacyConsentRequired),
  marketingConsent: z.boolean(),
});

/** The waitlist asks only a name and an email; the company is optional (the server's rule too, pb_hooks/lib/registration/validation.js). */
export const waitlistAttendeeSchema = attendeeSchema.extend({
  company: z.string().trim(),
  jobTitle: z.string().trim(),
  phoneNumber: z.string().trim().regex(PHONE_CHARACTERS, FieldMessages.phoneNumberInvalid),
  role: z.union([z.literal(''), z.enum(ATTENDEE_ROLES, FieldMessages.roleInvalid)]),
});

export const waitlistFormSchema = registrationFormSchema.extend({
  attendees: z.array(waitlistAttendeeSchema).min(1).max(1),
});

/** One attendee card's values; `key` only keeps React's list identity and is never sent. */
export type AttendeeEntry = {
  key: string;
  fullName: string;
  email: string;
  company: string;
  jobTitle: string;
  phoneNumber: string;
  role: string;
  dietaryRequirements: string;
};

export type RegistrationFormValues = {
  attendees: AttendeeEntry[];
  privacyConsent: boolean;
  marketingConsent: boolean;
};

let nextKey = 0;

export function emptyAttendee(prefill: Partial<Omit<AttendeeEntry, 'key'>> = {}): AttendeeEntry {
  nextKey += 1;
  return {
    key: `attendee-${nextKey}`,
    fullName: '',
    email: '',
    company: '',
    jobTitle: '',
    phoneNumber: '',
    role: '',
    dietaryRequirements: '',
    ...prefill,
  };
}

// The spec's "simple {email} pattern" for the check before payment.
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 'Attendee N needs a valid full name' / '… valid email address', in attendee order. */
export function attendeeProblems(attendees: readonly Pick<AttendeeEntry, 'fullName' | 'email'>[]): string[] {
  return attendees.flatMap((attendee, index) => {
    const problems: string[] = [];
    if (attendee.fullName.trim().length < 2) problems.push(attendeeNeedsValidName(index + 1));
    if (!SIMPLE_EMAIL.test(attendee.email.trim())) problems.push(attendeeNeedsValidEmail(index + 1));
    return problems;
  });
}

/** Promo and waitlist registrations need at least the first attendee's name and email. */
export function hasNameAndEmail(attendee: Pick<AttendeeEntry, 'fullName' | 'email'> | undefined): boolean {
  return Boolean(attendee && attendee.fullName.trim() && attendee.email.trim());
}
