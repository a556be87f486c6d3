// Every text /auth and /reset-password show as a toast or an inline message.
// Titles and quoted messages are the spec's (sections 5 and 8) word for word;
// the minimum is DESIGN decision 2's.
import { EMAIL_INVALID } from '@/lib/specTexts';
import type { Toast as AppToast } from '@/components/notify';
import { UNEXPECTED_ERROR } from '@/lib/apiErrors';

export const PASSWORD_MIN_LENGTH = 8;
/** After 'Password Updated', /reset-password moves on to /auth after this long (spec). */
export const RESET_REDIRECT_DELAY_MS = 2000;
export const FieldMessages = {
  signInMissing: 'Please provide both email and password',
  passwordTooShort: `Password should be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordHelp: `At least ${PASSWORD_MIN_LENGTH} characters`,
  resetEmailRequired: 'Please enter your email address',
  emailInvalid: EMAIL_INVALID,
  fillAllFields: 'Please fill in all fields',
  passwordsDontMatch: "Passwords Don't Match",
  resetPasswordTooShort: 'Password Too Short',
} as const;

export const InvitationMessages = {
  notValid: 'This invitation link is not valid.',
  notValidHelp: 'Open the link from your invitation email exactly as it was sent, or contact us for a new invitation.',
  incomplete: 'This invitation link is incomplete. Open the link from your invitation email exactly as it was sent.',
  alreadyUsed: 'An account already exists for this invitation. Please sign in.',
  unreachable: 'We could not check your invitation. Check your connection and reload the page.',
} as const;

export const SignUpNotAvailable = {
  title: 'Sign Up Not Available',
  message: 'Accounts are created only through the invitation link emailed to registered attendees.',
} as const;

/** Where the invitation comes from, and asking for it again (the Sign Up tab without an invitation). */
export const InvitationHelp = {
  heading: 'How to get your invitation',
  howItComes:
    'Registered attendees receive it by email once their registration is confirmed, from the same address as their confirmation email. On the waitlist? It comes once you take up a seat.',
  askAgain: "Can't find it? Check your spam or junk folder, or enter the email address you registered with and we'll send it again.",
  button: 'Send my invitation again',
  /** The server's answer, the same for every address. */
  sent: 'If this address belongs to a registered attendee who has not created an account yet, we will email the invitation again within a few minutes.',
  sentTitle: 'Request received',
  haveAccount: 'Already created your account?',
  goToSignIn: 'Sign in',
  getInvitation: 'Get your invitation',
} as const;

/** The emailed sign-in link: asked for on the Sign In tab, used from the email. */
export const SignInLinkTexts = {
  button: 'Email me a sign-in link',
  /** Under a sign-in refused for too many attempts. */
  offer: 'No need to wait: we can email you a link that signs you in on this device.',
  sentTitle: 'Check your email',
  /** The server's answer, the same for every address. */
  sent: 'If an account exists for this email address, we will email you a sign-in link within a minute. It works once, for 15 minutes.',
  signingIn: 'Signing you in…',
  invalid: 'This sign-in link is not valid or has expired. Ask for a new one.',
} as const;

export const UnsentChangesKept = {
  title: 'Changes not sent yet',
  message: 'Some of your changes had not reached the server when you signed out. They are kept on this device and sent when you sign in again.',
} as const;

/** Every auth toast has a title. */
export type Toast = Required<AppToast>;

export const Toasts = {
  signInFailed: (message: string): Toast => ({ title: 'Sign In Failed', message }),
  signUpFailed: (message: string): Toast => ({ title: 'Sign Up Failed', message }),
  invalidPassword: { title: 'Invalid Password', message: FieldMessages.passwordTooShort },
  welcomeBack: { title: 'Welcome back', message: 'You are signed in.' },
  accountCreated: { title: 'Account Created', message: 'Welcome to the attendee portal.' },
  /** Signed up, but signing in straight after failed: the account is there. */
  signInAfterSignUpFailed: {
    title: 'Warning',
    message: 'Your account was created, but we could not sign you in. Please sign in with your email and password.',
  },
  requestSent: {
    title: 'Request Sent',
    message: 'If an account exists for this email address, we have sent a link to reset your password.',
  },
  passwordUpdated: { title: 'Password Updated', message: 'Your password has been updated. Taking you to sign in…' },
  resetFailed: (message: string): Toast => ({ title: 'Password Not Updated', message }),
  requestFailed: (message: string): Toast => ({ title: 'Request Failed', message }),
};

export const ServerMessages = {
  wrongCredentials: 'Invalid email or password.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  unreachable: 'We could not reach the server. Check your connection and try again.',
  unexpected: UNEXPECTED_ERROR,
  resetLinkInvalid: 'This reset link is not valid or has expired. Request a new one.',
} as const;
