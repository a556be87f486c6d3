// What the registration form says beside its button when it cannot be sent:
// a short summary naming every field that needs attention, in the order they
// appear, each pointing at its field (shown in the page, never as a notice
// over it). Its title and lead are the spec's words where the spec has them
// (section 5: 'Missing Information' for a promo or waitlist entry without a
// name and email; 'Invalid Attendee Information' with the per-attendee
// messages joined by commas); each item is the field's own inline message.
import { attendeeProblems, hasNameAndEmail, type RegistrationFormValues } from './attendeeSchema';
import type { RegistrationMode } from './registrationApi';
import { Toasts } from './registrationMessages';

export interface FormProblem {
  /** The field's form path ('attendees.0.email', 'privacyConsent'): its input carries it as data-path. */
  path: string;
  /** 'Company is required', or 'Attendee 2: Invalid email address' when there are several attendees. */
  text: string;
}

export interface FormProblems {
  title: string;
  /** The spec's sentence about the attendees' names and emails, when it applies. */
  lead: string | null;
  problems: FormProblem[];
}

/** The fields in the order the form shows them. */
const FIELD_ORDER = ['fullName', 'email', 'company', 'jobTitle', 'phoneNumber', 'role', 'dietaryRequirements'];

function rank(path: string): number {
  const match = /^attendees\.(\d+)\.(\w+)$/.exec(path);
  if (!match) return path === 'privacyConsent' ? 1_000_000 : 2_000_000;
  const order = FIELD_ORDER.indexOf(match[2]!);
  return Number(match[1]) * 100 + (order === -1 ? 99 : order);
}

/** 'Please check 7 fields' */
export function problemsTitle(count: number): string {
  return count === 1 ? 'Please check 1 field' : `Please check ${count} fields`;
}

/** The summary of `errors` (the form's, path → message) for `values` in `mode`; null when nothing needs attention. */
export function formProblems(errors: Record<string, unknown>, values: RegistrationFormValues, mode: RegistrationMode): FormProblems | null {
  const several = values.attendees.length > 1;
  const problems = Object.entries(errors)
    .filter(([, message]) => typeof message === 'string' && message !== '')
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([path, message]) => {
      const attendee = /^attendees\.(\d+)\./.exec(path);
      return { path, text: several && attendee ? `Attendee ${Number(attendee[1]) + 1}: ${String(message)}` : String(message) };
    });
  if (problems.length === 0) return null;
  if (mode !== 'paid' && !hasNameAndEmail(values.attendees[0])) {
    return { title: Toasts.missingInformation.title, lead: Toasts.missingInformation.message, problems };
  }
  const invalid = attendeeProblems(values.attendees);
  if (invalid.length > 0) return { title: Toasts.invalidAttendees(invalid).title ?? '', lead: Toasts.invalidAttendees(invalid).message, problems };
  return { title: problemsTitle(problems.length), lead: null, problems };
}
