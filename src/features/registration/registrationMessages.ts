// Every text the registration page shows as a toast or an inline message. The
// titles and the quoted messages are the spec's (sections 5 and 8) word for word.
// The form's own problems ('Missing Information', 'Invalid Attendee Information')
// are said beside its button (../formProblems.ts), and the spec's success toasts
// 'Registration Complete' and 'Interest Registered Successfully' are the
// completion step's heading instead (a notice would say it again over it).
import type { Toast } from '@/components/notify';
import { UNEXPECTED_ERROR } from '@/lib/apiErrors';

export const FieldMessages = {
  fullNameRequired: 'Full name is required',
  fullNameTooShort: 'Full name must be at least 2 characters',
  emailRequired: 'Valid email is required',
  emailInvalid: 'Invalid email address',
  companyRequired: 'Company is required',
  jobTitleRequired: 'Job title is required',
  phoneNumberRequired: 'Phone number is required',
  phoneNumberInvalid: 'Phone number may only contain digits, spaces and + ( ) - .',
  roleRequired: 'Role selection is required',
  roleInvalid: 'Role is required',
  privacyConsentRequired: 'You must accept the privacy policy to continue',
  promoCodeRequired: 'Please enter a promo code',
} as const;

export const attendeeNeedsValidName = (position: number) => `Attendee ${position} needs a valid full name`;
export const attendeeNeedsValidEmail = (position: number) => `Attendee ${position} needs a valid email address`;

export const Toasts = {
  sentBeforeChanges: {
    title: 'Registration Already Sent',
    message: 'Your registration went out before these changes and is being confirmed as it was sent. Contact us afterwards to change its details.',
  },
  invalidAttendees: (problems: string[]): Toast => ({ title: 'Invalid Attendee Information', message: problems.join(', ') }),
  missingInformation: { title: 'Missing Information', message: 'Please provide your full name and email address' },
  invalidPromo: { title: 'Invalid Promo Code', message: 'The promo code you entered is invalid or expired' },
  promoCheckFailed: { message: 'Error validating promo code, try again' },
  tooManyPromoChecks: (message: string) => ({ title: 'Too Many Attempts', message }),
  promoApplied: { title: 'Promo Code Applied', message: 'Your free ticket has been applied.' },
  /** A discount code: its own words ("SPRING20: 20% off each seat"). */
  discountApplied: (label: string): Toast => ({ title: 'Promo Code Applied', message: `${label}.` }),
  promoNotApplied: (message: string): Toast => ({ title: 'Promo Code Not Applied', message }),
  attendeesLimited: {
    title: 'Attendees Limited',
    message: 'A promo code covers one attendee, so only the first attendee is kept.',
  },
  eventNotFound: { title: 'Event details not found', message: 'Please refresh the page or try again shortly.' },
  registrationFailed: (message: string): Toast => ({ title: 'Error creating registration', message }),
  checkoutFailed: (message: string): Toast => ({ title: 'Error creating checkout', message }),
  noCheckoutUrl: { title: 'No checkout URL returned', message: 'Please try again in a moment.' },
  unexpected: { title: 'Registration Error', message: UNEXPECTED_ERROR },
  freeEmailWarning: {
    title: 'Email warning',
    message: "Your registration succeeded, but we couldn't send the confirmation email yet. Please check your inbox later.",
  },
  alreadyOnWaitlist: (message: string) => ({ title: 'Already on the Waitlist', message }),
  waitlistEmailWarning: {
    title: 'Confirmation email not sent',
    message: "You're on the list, but we couldn't send your confirmation email. Our team will follow up with you.",
  },
  paymentProcessingError: {
    title: 'Payment Processing Error',
    message: 'We encountered an issue processing your payment. Please contact support so we can confirm your registration.',
  },
  registrationNotFound: { title: 'Payment Error', message: 'Registration not found for this session' },
  registrationNotCompleted: {
    title: 'Payment Error',
    message: 'This registration could not be completed. Any payment taken will be refunded.',
  },
  paidEmailWarning: {
    title: 'Email Notification',
    message: "Your payment was processed, but we couldn't send your confirmation emails. Our team will follow up with you.",
  },
} as const satisfies Record<string, Toast | ((...args: never[]) => Toast)>;
