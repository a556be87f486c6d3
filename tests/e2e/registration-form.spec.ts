// The registration page's form (spec sections 2 "Registration page", 3, 4, 5, 8):
// modes, steps, attendee cards, every validation message, consent, promo box and
// order summary. Runs against the shared server without changing its sales
// state: where the form needs open sales, the event summary the page reads is
// shown as open, and the server itself still decides (the seeded masterclass
// has taken place, so it refuses). Each page's clock is set before the event:
// the phase whose texts the spec gives (DESIGN decision 17).
import { expect, test, type Page } from '@playwright/test';
import { superuserClient } from '../support/e2e-admin';
import { masterclassEvent } from '../support/masterclassEvent';
import { DESKTOP, PHONE } from '../support/browser';
import {
  attendeeCards,
  attendeeFields,
  fillAttendee,
  marketingConsent,
  privacyConsent,
  stepStates,
  toast,
  unique,
} from './registration-helpers';
import { showSalesOpen } from './support/routes';

const EVENT_API = '**/api/masterclass/event';

/** The page sees the event as open (the server's own sales state is left alone). */

async function openForm(page: Page) {
  await showSalesOpen(page);
  await page.goto('/register');
  await expect(attendeeCards(page)).toHaveCount(1);
}

test.use({ viewport: DESKTOP });

/** A fortnight before the seeded masterclass (18 June 2025, 11:30 am ACST). */
const BEFORE_EVENT = new Date('2025-06-04T10:00:00+09:30');
const EVENT_OVER = 'This masterclass took place on Wednesday 18 June 2025, so registration for it has closed. Please register your interest in the next one instead.';

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(BEFORE_EVENT);
});

test.describe('normal mode', () => {
  test('shows the 3-step indicator, the Home link, one attendee and the order summary', async ({ page }) => {
    await openForm(page);
    expect(await stepStates(page)).toEqual(['Attendee Details:active', 'Payment:upcoming', 'Confirmation:upcoming']);
    await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(page.getByText('Event Sold Out', { exact: true })).toHaveCount(0);
    const card = attendeeCards(page).first();
    await expect(card.getByRole('heading', { name: 'Attendee 1' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: /Remove/ })).toHaveCount(0);
    await expect(attendeeFields(card).dietaryRequirements).toHaveAttribute('rows', '2');
    await expect(page.getByRole('textbox', { name: 'Promo code' })).toBeVisible();
    await expect(page.getByTestId('order-total')).toHaveText('$495.00');
    await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeVisible();
    await page.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });

  test('adds and removes attendees; the first is never removable; the total follows', async ({ page }) => {
    await openForm(page);
    const add = page.getByRole('button', { name: 'Add Another Attendee' });
    await add.click();
    await add.click();
    await expect(attendeeCards(page)).toHaveCount(3);
    for (const [index, card] of (await attendeeCards(page).all()).entries()) {
      await expect(card.getByRole('heading', { name: `Attendee ${index + 1}` })).toBeVisible();
    }
    await expect(
      attendeeCards(page)
        .first()
        .getByRole('button', { name: /Remove/ }),
    ).toHaveCount(0);
    await expect(page.getByTestId('order-total')).toHaveText('$1,485.00');
    await expect(page.getByTestId('order-summary')).toContainText('$495.00 × 3');

    await attendeeFields(attendeeCards(page).nth(2)).fullName.fill('Third Person');
    await page.getByRole('button', { name: 'Remove attendee 2' }).click();
    await expect(attendeeCards(page)).toHaveCount(2);
    await expect(attendeeFields(attendeeCards(page).nth(1)).fullName).toHaveValue('Third Person');
    await expect(page.getByTestId('order-total')).toHaveText('$990.00');
    await page.getByRole('button', { name: 'Remove attendee 2' }).click();
    await expect(attendeeCards(page)).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Attendee 1' })).toHaveCount(0);
  });

  test('when the event cannot be read: Event details not found, and a way to try again', async ({ page }) => {
    await page.route(EVENT_API, (route) => route.fulfill({ status: 503, json: { status: 503, message: 'Unavailable', data: {} } }));
    await page.goto('/register');
    await expect(toast(page, 'Event details not found')).toBeVisible();
    await expect(attendeeCards(page)).toHaveCount(0);
    await page.unroute(EVENT_API);
    await showSalesOpen(page);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(attendeeCards(page)).toHaveCount(1);
  });

  test('lists the six roles', async ({ page }) => {
    await openForm(page);
    await attendeeFields(attendeeCards(page).first()).role.click();
    await expect(page.getByRole('option')).toHaveText([
      'Executive Leader / Founder',
      'Senior Manager',
      'Mid-Level Manager / Team Leader',
      'IT / Technical Professional',
      'Transformation / Innovation / Strategy Role',
      'AI-Curious Professional',
    ]);
  });

  test('while sold out it says so and offers the waitlist for that date, which asks a name and an email', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Event Sold Out – Registration Now Closed' })).toBeVisible();
    await expect(page.getByText(/Every place at the Wednesday 18 June 2025 masterclass is taken\. Join its waitlist/)).toBeVisible();
    await expect(attendeeCards(page)).toHaveCount(0);
    await page.getByRole('link', { name: 'Join the waitlist for 18 June' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/register' && url.searchParams.get('waitlist') === 'true');
    await expect(page.getByTestId('waitlist-banner')).toContainText('Join the waitlist for 18 June');
    await expect(attendeeCards(page)).toHaveCount(1);
    await expect(attendeeFields(attendeeCards(page).first()).jobTitle).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Join the waitlist for 18 June' })).toBeVisible();
  });
});

test.describe('validation', () => {
  test('an empty submit shows every inline message, the consent message and, beside the button, the attendee summary', async ({ page }) => {
    await openForm(page);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    const fields = attendeeFields(attendeeCards(page).first());
    await expect(fields.fullName).toHaveAccessibleDescription('Full name is required');
    await expect(fields.email).toHaveAccessibleDescription('Valid email is required');
    await expect(fields.company).toHaveAccessibleDescription('Company is required');
    await expect(fields.jobTitle).toHaveAccessibleDescription('Job title is required');
    await expect(fields.phoneNumber).toHaveAccessibleDescription('Phone number is required');
    await expect(fields.role).toHaveAccessibleDescription('Role selection is required');
    await expect(page.getByRole('region', { name: 'Consent' }).getByText('You must accept the privacy policy to continue')).toBeVisible();
    // The spec's title and per-attendee sentence, beside the button (no notice over the page), with every field listed.
    const summary = page.getByTestId('form-problems');
    await expect(summary).toContainText('Invalid Attendee Information');
    await expect(summary).toContainText('Attendee 1 needs a valid full name, Attendee 1 needs a valid email address');
    await expect(summary.getByRole('listitem')).toHaveCount(7);
    await expect(toast(page, 'Invalid Attendee Information')).toHaveCount(0);
    await expect(fields.fullName).toBeFocused();
  });

  test('short names and bad emails: schema messages and one summary naming each attendee', async ({ page }) => {
    await openForm(page);
    await page.getByRole('button', { name: 'Add Another Attendee' }).click();
    await fillAttendee(page, 0, { fullName: 'Alex Lee', email: 'alex@example.com' });
    await fillAttendee(page, 1, { fullName: 'B', email: 'b@example', phoneNumber: 'call me' });
    await privacyConsent(page).check();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    const second = attendeeFields(attendeeCards(page).nth(1));
    await expect(second.fullName).toHaveAccessibleDescription('Full name must be at least 2 characters');
    await expect(second.email).toHaveAccessibleDescription('Invalid email address');
    await expect(second.phoneNumber).toHaveAccessibleDescription('Phone number may only contain digits, spaces and + ( ) - .');
    const summary = page.getByTestId('form-problems');
    await expect(summary).toContainText('Invalid Attendee Information');
    await expect(summary).toContainText('Attendee 2 needs a valid full name, Attendee 2 needs a valid email address');
    await expect(summary.getByRole('listitem')).toHaveText([
      'Attendee 2: Full name must be at least 2 characters',
      'Attendee 2: Invalid email address',
      'Attendee 2: Phone number may only contain digits, spaces and + ( ) - .',
    ]);
    await expect(attendeeFields(attendeeCards(page).first()).fullName).not.toHaveAttribute('aria-invalid', 'true');

    await second.fullName.fill('Bo');
    await expect(second.fullName).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('missing consent: the message appears and the page scrolls to the consent section', async ({ page }) => {
    await openForm(page);
    await page.getByRole('button', { name: 'Add Another Attendee' }).click();
    await fillAttendee(page, 0, { fullName: 'Alex Lee', email: 'alex@example.com' });
    await fillAttendee(page, 1, { fullName: 'Sam Wu', email: 'sam@example.com' });
    await page.evaluate(() => window.scrollTo(0, 0));
    const consent = page.getByRole('region', { name: 'Consent' });
    await expect(consent).not.toBeInViewport();

    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/masterclass/registrations')) requests.push(request.url());
    });
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(consent.getByText('You must accept the privacy policy to continue')).toBeVisible();
    await expect(consent).toBeInViewport();
    await expect(toast(page, 'Invalid Attendee Information')).toHaveCount(0);
    await expect(page.getByTestId('form-problems').getByRole('listitem')).toHaveText(['You must accept the privacy policy to continue']);
    expect(requests).toEqual([]);

    await privacyConsent(page).check();
    await expect(consent.getByText('You must accept the privacy policy to continue')).toHaveCount(0);
  });

  test('consent section: privacy policy link, optional marketing consent and its tooltip', async ({ page }) => {
    await openForm(page);
    const consent = page.getByRole('region', { name: 'Consent' });
    await expect(consent.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(marketingConsent(page)).not.toBeChecked();
    await consent.getByRole('button', { name: 'About marketing emails' }).hover();
    await expect(page.getByRole('tooltip')).toHaveText(/unsubscribe at any time/);
  });

  test('server field messages appear under the right field', async ({ page }) => {
    await openForm(page);
    await page.getByRole('button', { name: 'Add Another Attendee' }).click();
    const email = `${unique('same')}@example.com`;
    await fillAttendee(page, 0, { fullName: 'Alex Lee', email });
    await fillAttendee(page, 1, { fullName: 'Sam Wu', email: email.toUpperCase() });
    await privacyConsent(page).check();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(attendeeFields(attendeeCards(page).nth(1)).email).toHaveAccessibleDescription(
      'Each attendee needs a different email address',
    );
    await expect(toast(page, 'Error creating registration')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled();
  });

  test("the server's refusal to sell (its own clock: the masterclass took place) is shown clearly, with the waitlist", async ({ page }) => {
    await openForm(page);
    await fillAttendee(page, 0, { fullName: 'Alex Lee', email: `${unique('late')}@example.com` });
    await privacyConsent(page).check();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    const alert = page.getByRole('alert', { name: EVENT_OVER });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('link', { name: 'Register for future events' })).toHaveAttribute('href', '/register?waitlist=true');
    await expect(toast(page, 'Error creating registration', EVENT_OVER)).toBeVisible();
    expect(await stepStates(page)).toEqual(['Attendee Details:active', 'Payment:upcoming', 'Confirmation:upcoming']);
  });
});

test.describe('promo box', () => {
  async function createPromoCode(): Promise<{ code: string; remove: () => Promise<void> }> {
    const admin = await superuserClient();
    const event = await masterclassEvent(admin);
    const code = unique('E2E').replace(/-/g, '_').toUpperCase();
    const expires = new Date(Date.now() + 86_400_000).toISOString().replace('T', ' ');
    const promo = await admin
      .collection('promo_codes')
      .create({ code, event: event.id, max_uses: 5, used_count: 0, active: true, expires_at: expires });
    return {
      code,
      remove: () =>
        admin
          .collection('promo_codes')
          .delete(promo.id)
          .then(() => undefined),
    };
  }

  test('an empty code asks for one; an unknown or expired code is refused', async ({ page }) => {
    await openForm(page);
    const input = page.getByRole('textbox', { name: 'Promo code' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(input).toHaveAccessibleDescription('Please enter a promo code');

    await input.fill('NOT-A-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, 'Invalid Promo Code', 'The promo code you entered is invalid or expired')).toBeVisible();

    // The seeded code expired with the masterclass on 18 June 2025.
    await input.fill('champion2025');
    await input.press('Enter');
    await expect(toast(page, 'Invalid Promo Code')).toHaveCount(1);
    await expect(page.getByTestId('order-total')).toHaveText('$495.00');
    await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeVisible();
  });

  test('a server failure asks to try again', async ({ page }) => {
    await page.route('**/api/masterclass/promo/validate', (route) => route.fulfill({ status: 500, json: { message: 'down' } }));
    await openForm(page);
    await page.getByRole('textbox', { name: 'Promo code' }).fill('ANYCODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, 'Error validating promo code, try again')).toBeVisible();
  });

  test('a valid code makes it free for one attendee and asks for name and email first', async ({ page }) => {
    const promo = await createPromoCode();
    try {
      await openForm(page);
      await page.getByRole('button', { name: 'Add Another Attendee' }).click();
      await page.getByRole('textbox', { name: 'Promo code' }).fill(promo.code.toLowerCase());
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(toast(page, 'Promo Code Applied')).toBeVisible();
      await expect(toast(page, 'Attendees Limited')).toBeVisible();
      await expect(attendeeCards(page)).toHaveCount(1);
      await expect(page.getByRole('textbox', { name: 'Promo code' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Add Another Attendee' })).toHaveCount(0);
      const total = page.getByTestId('order-total');
      await expect(total).toContainText('FREE');
      await expect(total.locator('del')).toHaveText('$495.00');
      await expect(page.getByRole('button', { name: 'Complete Free Registration' })).toBeVisible();

      await page.getByRole('button', { name: 'Complete Free Registration' }).click();
      const summary = page.getByTestId('form-problems');
      await expect(summary).toContainText('Missing Information');
      await expect(summary).toContainText('Please provide your full name and email address');
      await expect(summary).not.toContainText('Invalid Attendee Information');
    } finally {
      await promo.remove();
    }
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE });

  test('the form fits 390 px without sideways scrolling', async ({ page }) => {
    await openForm(page);
    await page.getByRole('button', { name: 'Add Another Attendee' }).click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    const button = await page.getByRole('button', { name: 'Proceed to Payment' }).boundingBox();
    expect(button!.width).toBeGreaterThan(300);
  });
});
