// Public pages (spec: "Contact page", "Privacy policy and terms pages",
// sections 8 and 9): legal texts dated today, the contact form storing a real
// contact_messages record, and its error paths keeping what was typed.
import { randomBytes } from 'node:crypto';
import { expect, test, type Page, type Route } from '@playwright/test';
import { superuserClient } from '../support/e2e-admin';
import { DESKTOP, PHONE } from '../support/browser';

const CONTACT_CREATE = '**/api/collections/contact_messages/records';

/** Today in the one date format (src/lib/eventWhen.ts): 'Thursday 26 November 2026'. */
function todayInEnAu(): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).formatToParts(new Date()).map((part) => [part.type, part.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

function uniqueSubject(label: string): string {
  return `${label} ${randomBytes(6).toString('hex')}`;
}

type ContactValues = { name: string; email: string; subject: string; message: string };

const contactFields = (page: Page) => ({
  name: page.getByRole('textbox', { name: 'Your Name' }),
  email: page.getByRole('textbox', { name: 'Email Address' }),
  subject: page.getByRole('textbox', { name: 'Subject' }),
  message: page.getByRole('textbox', { name: 'Message' }),
});

async function fillContactForm(page: Page, values: ContactValues) {
  const fields = contactFields(page);
  for (const key of ['name', 'email', 'subject', 'message'] as const) await fields[key].fill(values[key]);
}

async function expectFormToHold(page: Page, values: ContactValues) {
  const fields = contactFields(page);
  for (const key of ['name', 'email', 'subject', 'message'] as const) await expect(fields[key]).toHaveValue(values[key]);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('privacy policy', () => {
  test('is dated today and covers what registration collects', async ({ page }) => {
    const today = todayInEnAu();
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText(`Last Updated: ${today}`)).toBeVisible();
    await expect(page.getByText('Australian Privacy Principles').first()).toBeVisible();
    await expect(page.getByText(/Stripe .*card details .*never reach our servers/)).toBeVisible();
    await expect(page.getByText('retained typically up to 3 years after the event')).toBeVisible();
    await expect(page).toHaveTitle(/Privacy Policy/);
  });
});

test.describe('terms of service', () => {
  test('is dated today and states refunds, retention and governing law', async ({ page }) => {
    const today = todayInEnAu();
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByText(`Last Updated: ${today}`)).toBeVisible();

    await expect(page.getByTestId('refund-policy').getByRole('listitem')).toHaveText([
      'Full refund for cancellations made up to 14 days before the event.',
      '50% refund for cancellations made between 14 and 7 days before the event.',
      'No refund for cancellations made within 7 days of the event.',
    ]);
    await expect(page.getByText('Registration data is retained typically up to 3 years after the event')).toBeVisible();
    await expect(page.getByText('governed by the laws of South Australia')).toBeVisible();
    await expect(page.getByText(/Australian dollars \(AUD\)/)).toBeVisible();
  });

  test('header and footer link the public pages', async ({ page }) => {
    await page.goto('/terms');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);

    await footer.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/contact');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/privacy-policy');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/terms');

    await page.getByRole('banner').getByRole('link', { name: 'AI CHAMPIONS MASTERCLASS' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
});

test.describe('contact form', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  });

  test('shows the contact details', async ({ page }) => {
    const info = page.getByRole('region', { name: 'Get in touch' });
    await expect(info.getByRole('link', { name: /@/ }).first()).toHaveAttribute('href', /^mailto:/);
    await expect(info.getByRole('link', { name: /\d{4}/ }).first()).toHaveAttribute('href', /^tel:\+61/);
    await expect(info.getByText('Adelaide SA 5000')).toBeVisible();
    await expect(info.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', /linkedin\.com/);
  });

  test('requires all four fields and sends nothing while they are empty', async ({ page }) => {
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/collections/contact_messages/')) requests++;
    });
    await expect(contactFields(page).email).toHaveAttribute('type', 'email');

    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter your name')).toBeVisible();
    await expect(page.getByText('Please enter your email address')).toBeVisible();
    await expect(page.getByText('Please enter a subject')).toBeVisible();
    await expect(page.getByText('Please enter your message')).toBeVisible();
    await expect(contactFields(page).name).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toBe(0);
  });

  test('rejects a malformed email address', async ({ page }) => {
    const values = { name: 'Ada Lovelace', email: 'ada@nowhere', subject: 'Hello', message: 'Question' };
    await fillContactForm(page, values);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expectFormToHold(page, values);
  });

  test('stores the message, shows the toast and clears the form', async ({ page }) => {
    const subject = uniqueSubject('Group booking');
    await fillContactForm(page, { name: '  Grace Hopper ', email: 'grace@example.com', subject, message: 'Can five of us attend together?' });
    await page.getByRole('button', { name: 'Send Message' }).click();

    const toast = page.locator('.mantine-Notification-root');
    await expect(toast.getByText('Message Sent', { exact: true })).toBeVisible();
    await expect(toast.getByText("Thank you for your message. We'll get back to you soon!")).toBeVisible();
    await expectFormToHold(page, { name: '', email: '', subject: '', message: '' });

    const admin = await superuserClient();
    const stored = await admin.collection('contact_messages').getFirstListItem(admin.filter('subject = {:subject}', { subject }));
    expect(stored).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com', subject, message: 'Can five of us attend together?' });
  });

  test('a server failure keeps everything typed and says what happened', async ({ page }) => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => { release = resolve; });
    await page.route(CONTACT_CREATE, async (route: Route) => {
      await answered;
      await route.fulfill({ status: 500, json: { status: 500, message: 'Something went wrong while processing your request.', data: {} } });
    });
    const values = { name: 'Alan Turing', email: 'alan@example.com', subject: uniqueSubject('Server down'), message: 'Line one\nLine two' };
    await fillContactForm(page, values);

    const send = page.getByRole('button', { name: 'Send Message' });
    await send.click();
    await expect(send).toHaveAttribute('data-loading', 'true');
    release();

    await expect(page.getByRole('alert').filter({ hasText: "We couldn't send your message. Please try again." })).toBeVisible();
    await expect(send).not.toHaveAttribute('data-loading');
    await expectFormToHold(page, values);
    await expect(page.getByText('Message Sent', { exact: true })).toHaveCount(0);
  });

  test('server field errors appear under their fields', async ({ page }) => {
    await page.route(CONTACT_CREATE, (route) =>
      route.fulfill({
        status: 400,
        json: {
          status: 400,
          message: 'Failed to create record.',
          data: { email: { code: 'validation_is_email', message: 'Must be a valid email address.' } },
        },
      }),
    );
    const values = { name: 'Katherine Johnson', email: 'kj@example.com', subject: uniqueSubject('Field error'), message: 'Hi' };
    await fillContactForm(page, values);
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByText('Must be a valid email address.')).toBeVisible();
    await expect(contactFields(page).email).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields and try again.' })).toBeVisible();
    await expectFormToHold(page, values);
  });

  test('a rate limit answer asks the visitor to wait', async ({ page }) => {
    await page.route(CONTACT_CREATE, (route) => route.fulfill({ status: 429, json: { status: 429, message: 'Too Many Requests.', data: {} } }));
    const values = { name: 'Hedy Lamarr', email: 'hedy@example.com', subject: uniqueSubject('Rate'), message: 'Again' };
    await fillContactForm(page, values);
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByText('Too many messages from this connection. Please wait a minute and try again.')).toBeVisible();
    await expectFormToHold(page, values);
  });

  test('a network failure keeps the message on the device and sends it once the connection is back', async ({ page }) => {
    await page.route(CONTACT_CREATE, (route) => route.abort('internetdisconnected'));
    const values = { name: 'Radia Perlman', email: 'radia@example.com', subject: uniqueSubject('Offline'), message: 'Spanning tree' };
    await fillContactForm(page, values);
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByText("You're offline. Your message is saved and will be sent when you're back online.")).toBeVisible();
    await page.unroute(CONTACT_CREATE);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Message Sent' })).toBeVisible({ timeout: 15_000 });
    const su = await superuserClient();
    await expect
      .poll(async () => (await su.collection('contact_messages').getFullList({ filter: su.filter('subject = {:s}', { s: values.subject }) })).length)
      .toBe(1);
  });
});

test.describe('layout', () => {
  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`public pages fit the ${name} width`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const path of ['/contact', '/terms', '/privacy-policy']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoHorizontalScroll(page);
      }
    });
  }

  test('on a phone the contact details sit below the form', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/contact');
    const send = await page.getByRole('button', { name: 'Send Message' }).boundingBox();
    const info = await page.getByRole('region', { name: 'Get in touch' }).boundingBox();
    expect(send && info && info.y > send.y + send.height).toBe(true);
    expect(send!.width).toBeGreaterThan(PHONE.width * 0.75);
  });

  test('on a desktop the contact details sit beside the form', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/contact');
    const form = await page.getByRole('form', { name: 'Contact form' }).boundingBox();
    const info = await page.getByRole('region', { name: 'Get in touch' }).boundingBox();
    expect(form && info && info.x >= form.x + form.width).toBe(true);
  });
});
