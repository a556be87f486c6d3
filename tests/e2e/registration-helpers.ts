// Shared steps for the registration journeys (tests/e2e/registration*.spec.ts).
import { expect, type Locator, type Page } from '@playwright/test';

export interface AttendeeInput {
  fullName: string;
  email: string;
  company?: string;
  jobTitle?: string;
  phoneNumber?: string;
  role?: string;
  dietaryRequirements?: string;
}

export const attendeeCards = (page: Page) => page.getByTestId('attendee-card');

export function attendeeFields(card: Locator) {
  return {
    fullName: card.getByRole('textbox', { name: 'Full Name' }),
    email: card.getByRole('textbox', { name: 'Email' }),
    company: card.getByRole('textbox', { name: 'Company' }),
    jobTitle: card.getByRole('textbox', { name: 'Job Title' }),
    phoneNumber: card.getByRole('textbox', { name: 'Phone Number' }),
    role: card.getByRole('textbox', { name: 'Role' }),
    dietaryRequirements: card.getByRole('textbox', { name: 'Dietary Requirements' }),
  };
}

export async function fillAttendee(page: Page, index: number, attendee: AttendeeInput): Promise<void> {
  const fields = attendeeFields(attendeeCards(page).nth(index));
  await fields.fullName.fill(attendee.fullName);
  await fields.email.fill(attendee.email);
  await fields.company.fill(attendee.company ?? 'Acme Pty Ltd');
  await fields.jobTitle.fill(attendee.jobTitle ?? 'Head of Data');
  await fields.phoneNumber.fill(attendee.phoneNumber ?? '0400 123 456');
  await fields.role.click();
  await page.getByRole('option', { name: attendee.role ?? 'Senior Manager', exact: true }).click();
  if (attendee.dietaryRequirements !== undefined) await fields.dietaryRequirements.fill(attendee.dietaryRequirements);
}

/** The waitlist's entry: a name and an email, and the company when given (it asks nothing more). */
export async function fillWaitlistEntry(page: Page, entry: { fullName: string; email: string; company?: string }): Promise<void> {
  const card = attendeeCards(page).first();
  await card.getByRole('textbox', { name: 'Full Name' }).fill(entry.fullName);
  await card.getByRole('textbox', { name: 'Email' }).fill(entry.email);
  if (entry.company !== undefined) await card.getByRole('textbox', { name: 'Company (optional)' }).fill(entry.company);
}

export const privacyConsent = (page: Page) => page.getByRole('checkbox', { name: /I have read and accept the Privacy Policy/ });
export const marketingConsent = (page: Page) => page.getByRole('checkbox', { name: /Keep me informed/ });

/**
 * A notice on screen: not the copy a notice leaves where it was as it moves clear of the page
 * (src/components/notify.tsx), which Mantine folds away (max-height 0) under the same id.
 */
export const SHOWN_NOTICE = '.mantine-Notification-root:not([style*="max-height: 0"])';

/** A toast (Mantine notification) with this title and message. */
export function toast(page: Page, title: string, message?: string): Locator {
  const notice = page.locator(SHOWN_NOTICE).filter({ hasText: title });
  return message ? notice.filter({ hasText: message }) : notice;
}

/** The progress indicator's steps, as `label:state` (complete, active, upcoming). */
export async function stepStates(page: Page): Promise<string[]> {
  const steps = page.getByRole('navigation', { name: 'Registration progress' }).locator('[data-step-state]');
  await expect(steps.first()).toBeVisible();
  return steps.evaluateAll((elements) =>
    elements.map(
      (element) => `${element.querySelector('.mantine-Stepper-stepLabel')?.textContent}:${element.getAttribute('data-step-state')}`,
    ),
  );
}

export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
