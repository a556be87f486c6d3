// The ticket at the door, on a phone with no signal: the dashboard points to
// 'Your ticket'; the card shows the name, the masterclass in the app's one date
// format and a QR code that reads back (jsQR, from a screenshot) to the
// attendee's payload; after the service worker has installed, the page
// reloads offline with the same ticket; 'Show at the door' fills the screen
// black on white with a large code, keeps the screen awake and closes with the
// back button or Close. Screenshots at 1280 and 390 px go to /tmp/shots/.
// An administrator regenerates a ticket from the Edit Attendee dialog, after
// a confirmation; the attendee is emailed the new ticket and the old code is
// refused at the door from then on.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { DESKTOP, PHONE } from '../support/browser';
import { superuserClient } from '../support/e2e-admin';
import { readQrFromPng } from '../support/qr';
import { createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';
import { lookAt } from './support/lookAt';

/** The code in groups of four, as the ticket page and the emails show it (src/lib/ticket.ts groupedTicketCode). */
const groupedTicketCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1 ');

const SHOTS = '/tmp/shots';
// A masterclass of its own, before the seeded one: published (attendees read published events only)
// and never featured while the seeded one exists, so other journeys on this server see no change.
const EVENT = {
  title: 'AI CHAMPIONS MASTERCLASS', starts_at: '2024-03-13 01:00:00.000Z', ends_at: '2024-03-13 04:00:00.000Z',
  portal_unlock_at: '2024-03-13 00:00:00.000Z', timezone: 'Australia/Adelaide', location: 'Adelaide, South Australia',
  venue: 'Lot Fourteen', capacity: 50, max_per_registration: 10, price_cents: 49500, currency: 'AUD', sales_state: 'sold_out', published: true,
};
const WHEN = 'Wednesday 13 March 2024, 11:30 am – 2:30 pm ACDT';
// The page's clock: two weeks before that masterclass.
const BEFORE_EVENT = new Date('2024-02-28T00:00:00Z');

async function waitForActiveServiceWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), { timeout: 20_000 })
    .toBe('activated');
}

/** The QR code on screen, read back from a screenshot of it. */
async function scannedQr(page: Page, scope = page.locator('body')): Promise<string | null> {
  const qr = scope.getByTestId('ticket-qr');
  await expect(qr).toBeVisible();
  return readQrFromPng(await qr.screenshot());
}

async function shot(page: Page, name: string) {
  await lookAt(page, { path: `${SHOTS}/${name}.png`, fullPage: false });
}

test.describe('your ticket', () => {
  test.use({ serviceWorkers: 'allow', viewport: DESKTOP });

  let su: PocketBase;
  let user: PortalTestUser;
  let event: RecordModel;
  let registration: RecordModel;
  let row: RecordModel;

  test.beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    su = await superuserClient();
    user = await createPortalUser('attendee', { full_name: 'Ada Lovelace' });
    event = await su.collection('events').create(EVENT);
    registration = await su.collection('registrations').create({
      event: event.id, kind: 'promo', status: 'completed', primary_email: user.email, currency: 'AUD', total_amount_cents: 0,
    });
    row = await su.collection('attendees').create({
      registration: registration.id, event: event.id, user: user.id, email: user.email, full_name: 'Ada Lovelace',
      company: 'Analytical Engines', job_title: 'Lead', role: 'Senior Manager', registration_status: 'confirmed', privacy_consent: true,
    });
  });
  test.afterAll(async () => {
    await su?.collection('registrations').delete(registration.id).catch(() => undefined);
    await su?.collection('events').delete(event.id).catch(() => undefined);
    await user?.remove();
  });

  test('shows the ticket offline, and full screen for the door', async ({ page, context }) => {
    test.setTimeout(90_000);
    const payload = `AICM1:${event.id}:${row.ticket_code}`;
    expect(row.ticket_code).toMatch(/^[a-z2-9]{26}$/);
    await page.addInitScript(() => {
      // Records what the page asks of the Screen Wake Lock API (headless Chromium may refuse it).
      const seen = window as unknown as { wakeLocks: string[] };
      seen.wakeLocks = [];
      const sentinel = () => {
        const listeners: (() => void)[] = [];
        const lock = {
          released: false,
          release: async () => {
            lock.released = true;
            seen.wakeLocks.push('released');
            listeners.forEach((listener) => listener());
          },
          addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
        };
        return lock;
      };
      Object.defineProperty(navigator, 'wakeLock', {
        configurable: true,
        value: { request: async (type: string) => (seen.wakeLocks.push(type), sentinel()) },
      });
    });
    await signInAs(page, user);
    await page.clock.install({ time: BEFORE_EVENT });

    await page.goto('/dashboard');
    const summary = page.getByRole('region', { name: 'Your ticket' });
    await expect(summary).toContainText(WHEN);
    await shot(page, 'ticket-dashboard-1280');
    await summary.getByRole('link', { name: 'Show ticket' }).click();
    await expect(page).toHaveURL(/\/dashboard\/ticket$/);
    const card = page.getByTestId('ticket-card');
    await expect(card.getByTestId('ticket-name')).toHaveText('Ada Lovelace');
    await expect(card.getByTestId('ticket-when')).toHaveText(WHEN);
    await expect(card.getByTestId('ticket-code')).toHaveText(row.ticket_code.replace(/(.{4})(?=.)/g, '$1 '));
    expect(await scannedQr(page, card)).toBe(payload);
    await expect(page.getByRole('link', { name: 'Your Ticket' })).toHaveAttribute('href', '/dashboard/ticket');
    await waitForActiveServiceWorker(page);

    // At the door: no signal. The page, the QR encoder's chunk and the ticket come from the device.
    await context.setOffline(true);
    await page.reload();
    await expect(card.getByTestId('ticket-when')).toHaveText(WHEN);
    expect(await scannedQr(page, card)).toBe(payload);
    await shot(page, 'ticket-card-1280');

    await card.getByRole('button', { name: 'Show at the door' }).click();
    const door = page.getByRole('dialog', { name: 'Ticket for the door: Ada Lovelace' });
    await expect(door.getByTestId('door-name')).toHaveText('Ada Lovelace');
    await expect(page).toHaveURL(new RegExp(`[?&]door=${row.id}`));
    await expect(door.getByText(WHEN)).toBeVisible();
    const qr = door.getByTestId('ticket-qr');
    const box = (await qr.boundingBox())!;
    expect(box.height).toBeGreaterThan(0.55 * DESKTOP.height);
    expect(await scannedQr(page, door)).toBe(payload);
    const background = await door.getByTestId('door-view').evaluate((element) => getComputedStyle(element.closest('.mantine-Modal-content')!).backgroundColor);
    expect(background).toBe('rgb(255, 255, 255)');
    await expect(door.getByTestId('door-view')).toHaveAttribute('data-wake-lock', 'on');
    expect(await page.evaluate(() => (window as unknown as { wakeLocks: string[] }).wakeLocks)).toEqual(['screen']);
    await shot(page, 'ticket-door-1280');

    // the back button closes it and lets the screen sleep again
    await page.goBack();
    await expect(door).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { wakeLocks: string[] }).wakeLocks)).toEqual(['screen', 'released']);

    // On a phone, still offline.
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(card.getByTestId('ticket-when')).toHaveText(WHEN);
    expect(await scannedQr(page, card)).toBe(payload);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'ticket-card-390');
    await card.getByRole('button', { name: 'Show at the door' }).click();
    const qrOnPhone = (await door.getByTestId('ticket-qr').boundingBox())!;
    expect(qrOnPhone.width).toBeGreaterThan(0.85 * PHONE.width);
    expect(await scannedQr(page, door)).toBe(payload);
    await shot(page, 'ticket-door-390');
    await door.getByRole('button', { name: 'Close' }).click();
    await expect(door).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard\/ticket$/);
  });
});

test.describe('regenerate ticket', () => {
  test.use({ viewport: DESKTOP });

  test('an administrator gives an attendee a new ticket from the Edit Attendee dialog; the old one no longer admits', async ({ page }) => {
    const su = await superuserClient();
    const admin = await createPortalUser('administrator', { full_name: 'Morgan Admin' });
    const company = `Tickets ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const event = await su.collection('events').getFirstListItem('slug = "ai-champions-masterclass"');
    const registration = await su.collection('registrations').create({
      event: event.id, kind: 'promo', status: 'completed', primary_email: 'grace@example.com', currency: 'AUD', total_amount_cents: 0,
    });
    try {
      const attendee = await su.collection('attendees').create({
        registration: registration.id, event: event.id, full_name: 'Grace Hopper', email: `${company.replace(/\W+/g, '-').toLowerCase()}@example.com`,
        company, job_title: 'Rear Admiral', role: 'Senior Manager', registration_status: 'confirmed', privacy_consent: true,
      });
      const oldPayload = `AICM1:${event.id}:${attendee.ticket_code}`;
      await signInAs(page, admin);
      await page.goto('/admin/attendees');
      await page.getByRole('textbox', { name: 'Search attendees' }).fill(company);
      await page.getByRole('button', { name: 'Edit Grace Hopper' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Attendee' });
      await dialog.getByRole('button', { name: 'Regenerate ticket' }).click();
      const question = dialog.getByRole('alert', { name: 'Regenerate ticket' });
      await expect(question).toContainText('Give Grace Hopper a new ticket? Their current QR code will no longer admit them at the door.');
      mkdirSync(SHOTS, { recursive: true });
      await question.scrollIntoViewIfNeeded();
      await shot(page, 'ticket-regenerate-1280');
      // Cancel changes nothing
      await question.getByRole('button', { name: 'Cancel' }).click();
      await expect(question).toHaveCount(0);
      expect((await su.collection('attendees').getOne(attendee.id)).ticket_code).toBe(attendee.ticket_code);

      await dialog.getByRole('button', { name: 'Regenerate ticket' }).click();
      await dialog.getByRole('button', { name: 'Yes, regenerate' }).click();
      const done = page.getByText(`New ticket made for Grace Hopper. The old QR code no longer admits anyone. The new ticket was emailed to ${attendee.email}.`);
      await expect(done).toBeVisible();
      // the toast has slid in completely
      await expect.poll(async () => { const box = await done.boundingBox(); return box ? box.x + box.width : Infinity; }).toBeLessThanOrEqual(DESKTOP.width);
      await shot(page, 'ticket-regenerated-1280');
      const renewed = await su.collection('attendees').getOne(attendee.id);
      // the "Your new ticket" email is in the outbox with the new code
      const [mail] = await su.collection('emails').getFullList({ filter: `attendee = "${attendee.id}" && template = "new_ticket"` });
      expect(mail.to).toBe(attendee.email);
      expect(mail.text).toContain(`Ticket code: ${groupedTicketCode(renewed.ticket_code)}`);
      expect(renewed.ticket_code).toMatch(/^[a-z2-9]{26}$/);
      expect(renewed.ticket_code).not.toBe(attendee.ticket_code);
      const verify = (code: string) =>
        fetch(`${process.env.E2E_BASE_URL}/api/masterclass/admin/tickets/verify?event=${event.id}&code=${encodeURIComponent(code)}`, { headers: { Authorization: su.authStore.token } });
      expect((await verify(oldPayload)).status).toBe(410);
      expect((await verify(`AICM1:${event.id}:${renewed.ticket_code}`)).status).toBe(200);
    } finally {
      await su.collection('registrations').delete(registration.id).catch(() => undefined);
      await admin.remove();
    }
  });
});
