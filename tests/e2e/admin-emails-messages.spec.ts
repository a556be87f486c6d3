// The admin area's Emails and Messages, at desktop width and on a phone.
// Emails: the outbox newest first with status, attempts, last error and next
// attempt; the message rendered in a frame that runs nothing (a script in the
// message does not run); Retry sends a failed one again (captured here: the
// journeys' server has no SMTP). Messages: unread ones marked and counted;
// opening one shows it and marks it read on the server; Mark as unread puts
// it back; a new message appears without a reload. A ticket email's QR code
// (sent inside the message, referenced by cid:) shows in the preview and reads
// back to the attendee's ticket. Each email's kind shows in words, and Resend
// is offered where the server allows it (a copy, listed as resent), otherwise
// the message says why not. A sent email lists the files it carried (name,
// type and size), at 1280 and 390 px.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { DESKTOP, PHONE } from '../support/browser';
import { superuserClient } from '../support/e2e-admin';
import { masterclassEvent } from '../support/masterclassEvent';
import { readQrFromPng } from '../support/qr';
import { lookAt } from './support/lookAt';
import { createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';

let admin: PortalTestUser;
let su: PocketBase;

test.beforeAll(async () => {
  su = await superuserClient();
  admin = await createPortalUser('administrator');
});
test.afterAll(async () => {
  await admin?.remove();
});

const unreadBadge = (page: Page) => page.getByText(/^(\d+ unread messages?|No unread messages)$/).first();
const serverUnread = async () => (await su.collection('contact_messages').getList(1, 1, { filter: 'read = false' })).totalItems;
const unreadNumber = async (page: Page) => Number((/^(\d+)/.exec(await unreadBadge(page).innerText()) ?? ['', '0'])[1]);

for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  test.describe(`at ${width} width`, () => {
    test.use({ viewport });

    test('the outbox shows a failed email, its message in a frame that runs nothing, and Retry sends it again', async ({ page }) => {
      const stamp = `${width}-${Date.now()}`;
      const to = `retry-${stamp}@example.com`;
      const subject = `Your masterclass confirmation ${stamp}`;
      const email = await su.collection('emails').create({
        to, subject, template: 'registration_confirmation', status: 'failed', attempts: 6, last_error: '554 Mailbox unavailable',
        html: `<h1>See you in Adelaide</h1><script>parent.document.title = 'ran'; document.body.innerHTML = 'ran';</script>`,
        text: 'See you in Adelaide',
      });
      await signInAs(page, admin);
      await page.goto('/admin/emails');
      await expect(page.getByRole('heading', { level: 1, name: 'Emails' })).toBeVisible();
      await expect(page.getByText(/\d+ failed emails? needs? a retry\./)).toBeVisible();
      await page.getByRole('textbox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Failed' }).click();
      await expect(page.getByText(subject)).toBeVisible();
      if (width === 'desktop') {
        const row = page.getByRole('row').filter({ hasText: subject });
        await expect(row.getByText('Failed', { exact: true })).toBeVisible();
        await expect(row.getByText('554 Mailbox unavailable')).toBeVisible();
        await expect(row.getByRole('cell', { name: '6', exact: true })).toBeVisible();
      } else {
        const item = page.getByRole('listitem', { name: `${subject} to ${to}` });
        await expect(item.getByText('Attempts 6')).toBeVisible();
        await expect(item.getByText('554 Mailbox unavailable')).toBeVisible();
      }

      await page.getByText(subject).click();
      const drawer = page.getByRole('dialog', { name: subject });
      await expect(drawer.getByText(to)).toBeVisible();
      const frame = drawer.locator('iframe');
      await expect(frame).toHaveAttribute('sandbox', '');
      await expect(frame).toHaveAttribute('srcdoc', /See you in Adelaide/);
      await expect(page.frameLocator('iframe').getByRole('heading', { name: 'See you in Adelaide' })).toBeVisible();
      // the script in the message did not run
      await expect(page.frameLocator('iframe').getByText('ran', { exact: true })).toHaveCount(0);
      expect(await page.title()).not.toBe('ran');
      await drawer.getByText('Plain text', { exact: true }).click();
      await expect(drawer.getByText('See you in Adelaide', { exact: true })).toBeVisible();

      await drawer.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByText(`Email to ${to} captured (no mail server is set up)`)).toBeVisible();
      await expect(drawer.getByText('Captured', { exact: true })).toBeVisible();
      await expect(drawer.getByRole('button', { name: 'Retry' })).toHaveCount(0);
      expect(await su.collection('emails').getOne(email.id)).toMatchObject({ status: 'captured', attempts: 0, last_error: '' });
      await drawer.getByRole('button', { name: 'Close' }).click();
      // no longer among the failed ones
      await expect(page.getByText(subject)).toHaveCount(0);
    });

    test('messages: unread ones counted; opening one marks it read, Mark as unread puts it back', async ({ page }) => {
      const stamp = `${width}-${Date.now()}`;
      const subject = `Group booking for ${stamp}`;
      const guest = new (su.constructor as typeof PocketBase)(process.env.E2E_BASE_URL);
      const older = `Parking near the venue ${stamp}`;
      await guest.collection('contact_messages').create({ name: 'Sam Older', email: 'sam@example.com', subject: older, message: 'Is there parking?' });
      await guest.collection('contact_messages').create({
        name: 'Jo Citizen', email: 'jo@example.com', subject, message: 'Can we book eight seats?\nThanks, Jo',
      });
      const message = await su.collection('contact_messages').getFirstListItem(su.filter('subject = {:subject}', { subject }));
      await signInAs(page, admin);
      await page.goto('/admin/messages');
      await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
      const unread = page.getByRole('listitem', { name: `Unread: ${subject} from Jo Citizen` });
      await expect(unread).toBeVisible();
      // the count is the server's (other journeys may add messages meanwhile: the page follows them live)
      const countMatchesServer = async () => (await unreadNumber(page)) - (await serverUnread());
      await expect.poll(countMatchesServer).toBe(0);
      // newest first
      const names = await page.getByRole('listitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
      expect(names.findIndex((name) => name.includes(subject))).toBeLessThan(names.findIndex((name) => name.includes(older)));

      await unread.click();
      const dialog = page.getByRole('dialog', { name: subject });
      await expect(dialog.getByText('Can we book eight seats?')).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'jo@example.com' })).toHaveAttribute('href', 'mailto:jo@example.com');
      await expect.poll(async () => (await su.collection('contact_messages').getOne(message.id)).read).toBe(true);
      await expect(page.getByRole('listitem', { name: `${subject} from Jo Citizen`, exact: true })).toBeVisible();
      await expect.poll(countMatchesServer).toBe(0);

      await dialog.getByRole('button', { name: 'Mark as unread' }).click();
      await expect(page.getByText('Marked as unread')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect.poll(async () => (await su.collection('contact_messages').getOne(message.id)).read).toBe(false);
      await expect(page.getByRole('listitem', { name: `Unread: ${subject} from Jo Citizen` })).toBeVisible();
      await expect.poll(countMatchesServer).toBe(0);

      // a message sent while the page is open appears without a reload
      const later = `Dietary question ${stamp}`;
      await guest.collection('contact_messages').create({ name: 'Lee Later', email: 'lee@example.com', subject: later, message: 'Vegan options?' });
      await expect(page.getByRole('listitem', { name: `Unread: ${later} from Lee Later` })).toBeVisible();
      await expect.poll(countMatchesServer).toBe(0);

      // the Unread view lists it
      await page.getByText('Unread', { exact: true }).click();
      await expect(page.getByRole('listitem', { name: `Unread: ${subject} from Jo Citizen` })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}

test.describe('a ticket email in the outbox', () => {
  test.use({ viewport: DESKTOP });

  test('the preview shows its QR code, which reads back to the ticket the message names', async ({ page }) => {
    const stamp = Date.now();
    const to = `qr-preview-${stamp}@example.com`;
    const subject = `Your place is confirmed ${stamp}`;
    const event = await masterclassEvent(su);
    const registration = await su.collection('registrations').create({
      event: event.id, kind: 'promo', status: 'completed', primary_email: to, currency: 'AUD', total_amount_cents: 0,
    });
    const attendee = await su.collection('attendees').create({
      registration: registration.id, event: event.id, email: to, full_name: 'Quinn Preview', company: 'Example Co',
      job_title: 'Lead', role: 'Senior Manager', registration_status: 'confirmed', privacy_consent: true,
    });
    expect(attendee.ticket_code).toMatch(/^[a-z2-9]{26}$/);
    await su.collection('emails').create({
      to, subject, template: 'registration_confirmation', status: 'captured', attempts: 0, registration: registration.id, attendee: attendee.id,
      html: `<h1>Your ticket</h1><img src="cid:masterclass-ticket.png" width="240" height="240" alt="QR code of your ticket"><p>Ticket code: ${attendee.ticket_code}</p>`,
      text: `Ticket code: ${attendee.ticket_code}`,
    });
    await signInAs(page, admin);
    await page.goto('/admin/emails');
    await page.getByText(subject).click();
    const drawer = page.getByRole('dialog', { name: subject });
    // the server draws the QR code for the preview: a few seconds on a busy machine
    await expect(drawer.locator('iframe')).toHaveAttribute('srcdoc', /src="data:image\/png;base64,/, { timeout: 30_000 });
    const image = page.frameLocator('iframe').getByRole('img', { name: 'QR code of your ticket' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((shown: HTMLImageElement) => shown.complete && shown.naturalWidth)).toBeGreaterThan(0);
    expect(readQrFromPng(await image.screenshot())).toBe(`AICM1:${event.id}:${attendee.ticket_code}`);
  });
});

test.describe('the files an email carried', () => {
  for (const [width, viewport] of [['1280', DESKTOP], ['390', PHONE]] as const) {
    test(`a sent confirmation lists its tax invoice, calendar file and QR code with type and size; a message with none lists nothing (${width} px)`, async ({ page }, testInfo) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      const stamp = `${width}-${Date.now()}`;
      const to = `files-${stamp}@example.com`;
      const subject = `Your place at the masterclass is confirmed ${stamp}`;
      await su.collection('emails').create({
        to, subject, template: 'registration_confirmation', status: 'sent', attempts: 1, sent_at: new Date().toISOString().replace('T', ' '),
        html: '<h1>Your registration is confirmed</h1><p>Hi 𠮷田 太郎,</p><p>Your tax invoice is attached (tax-invoice-INV-000042.pdf).</p>',
        text: 'Hi 𠮷田 太郎,\n\nYour tax invoice is attached (tax-invoice-INV-000042.pdf).',
        attachments: [
          { name: 'tax-invoice-INV-000042.pdf', type: 'application/pdf', size: 48_213, inline: false },
          { name: 'ai-champions-masterclass.ics', type: 'text/calendar', size: 1_530, inline: false },
          { name: 'masterclass-ticket.png', type: 'image/png', size: 812, inline: true },
        ],
      });
      const plainSubject = `Interest registered ${stamp}`;
      await su.collection('emails').create({
        to, subject: plainSubject, template: 'waitlist_confirmation', status: 'sent', attempts: 1, html: '<p>Thank you</p>', text: 'Thank you',
      });
      await signInAs(page, admin);
      await page.goto('/admin/emails');
      await page.getByText(subject).click();
      const drawer = page.getByRole('dialog', { name: subject });
      const files = drawer.getByRole('list', { name: 'Files this email carried' });
      await expect(drawer.getByText('Attachments (3)')).toBeVisible();
      await expect(files.getByRole('listitem')).toHaveText([
        'tax-invoice-INV-000042.pdf · PDF document (application/pdf) · 47.1 KB',
        'ai-champions-masterclass.ics · Calendar file (text/calendar) · 1.5 KB',
        'masterclass-ticket.png · PNG image (image/png) · 812 bytes · shown inside the message',
      ]);
      await expect(drawer.locator('iframe')).toHaveAttribute('srcdoc', /tax-invoice-INV-000042\.pdf/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await lookAt(page, { path: testInfo.outputPath(`email-attachments-${width}.png`) });
      expect(await axeFindings(page)).toEqual([]);

      await drawer.getByRole('button', { name: 'Close' }).click();
      await page.getByText(plainSubject).click();
      const plain = page.getByRole('dialog', { name: plainSubject });
      await expect(plain.locator('iframe')).toHaveAttribute('srcdoc', /Thank you/);
      await expect(plain.getByText(/^Attachments/)).toHaveCount(0);
    });
  }
});

test.describe('kinds in words, and Resend where it makes sense', () => {
  test.use({ viewport: DESKTOP });

  test('a notice is resent as a copy from the table; a confirmation of a past masterclass says why it is not (1280 and 390 px)', async ({ page }) => {
    test.setTimeout(60_000);
    const stamp = Date.now();
    const noticeTo = `resend-notice-${stamp}@example.com`;
    const noticeSubject = `Your registration is cancelled ${stamp}`;
    const notice = await su.collection('emails').create({
      to: noticeTo, subject: noticeSubject, template: 'cancellation_notice', status: 'captured', attempts: 0,
      html: '<h1>We have cancelled your place</h1>', text: 'We have cancelled your place',
    });
    // a masterclass that has taken place (a draft of its own, so nothing else sees it): its confirmation is not resent
    const event = await su.collection('events').create({
      title: `Resend journey masterclass ${stamp}`, starts_at: '2024-06-19 02:00:00.000Z', ends_at: '2024-06-19 05:00:00.000Z', timezone: 'Australia/Adelaide',
      location: 'Adelaide, South Australia', venue: 'Hall A', capacity: 50, price_cents: 0, currency: 'AUD', sales_state: 'closed',
      portal_unlock_at: '2024-06-18 23:30:00.000Z', max_per_registration: 10, published: false,
    });
    const pastTo = `resend-past-${stamp}@example.com`;
    const registration = await su.collection('registrations').create({
      event: event.id, kind: 'promo', status: 'completed', primary_email: pastTo, currency: 'AUD', total_amount_cents: 0,
    });
    const attendee = await su.collection('attendees').create({
      registration: registration.id, event: event.id, email: pastTo, full_name: 'Pat Past', company: 'Example Co',
      job_title: 'Lead', role: 'Senior Manager', registration_status: 'confirmed', privacy_consent: true,
    });
    const pastSubject = `Your place is confirmed ${stamp}`;
    await su.collection('emails').create({
      to: pastTo, subject: pastSubject, template: 'registration_confirmation', status: 'sent', attempts: 1, registration: registration.id, attendee: attendee.id,
      html: `<img src="cid:masterclass-ticket.png" width="240" height="240" alt="QR code of your ticket"><p>Ticket code: ${attendee.ticket_code}</p>`,
      text: `Ticket code: ${attendee.ticket_code}`,
    });

    await signInAs(page, admin);
    await page.goto('/admin/emails');
    const row = page.getByRole('row').filter({ hasText: noticeSubject });
    await expect(row.getByText('Cancellation notice', { exact: true })).toBeVisible();
    const pastRow = page.getByRole('row').filter({ hasText: pastSubject });
    await expect(pastRow.getByText('Registration confirmation', { exact: true })).toBeVisible();
    await expect(pastRow.getByRole('button', { name: /^Resend/ })).toHaveCount(0);
    await row.getByRole('button', { name: `Resend email to ${noticeTo}` }).click();
    await expect(page.getByText(`A copy to ${noticeTo} was captured (no mail server is set up)`)).toBeVisible();
    await expect
      .poll(async () => (await su.collection('emails').getFullList({ filter: su.filter('resent_from = {:id}', { id: notice.id }) })).map((copy) => [copy.status, copy.resent_by]))
      .toEqual([['captured', admin.id]]);
    await expect(page.getByRole('row').filter({ hasText: noticeSubject })).toHaveCount(2);
    expect(await axeFindings(page)).toEqual([]);

    await page.setViewportSize(PHONE);
    await page.getByRole('listitem', { name: `${pastSubject} to ${pastTo}` }).click();
    const drawer = page.getByRole('dialog', { name: pastSubject });
    await expect(drawer.getByText('Registration confirmation', { exact: true })).toBeVisible();
    await expect(drawer.getByText('Not offered for resending: The masterclass has ended.')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Resend' })).toHaveCount(0);
    // the QR code sent inside the message shows in the preview, never a broken image
    const image = page.frameLocator('iframe').getByRole('img', { name: 'QR code of your ticket' });
    await expect.poll(() => image.evaluate((shown: HTMLImageElement) => shown.complete && shown.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect(drawer.locator('iframe')).toHaveAttribute('srcdoc', /src="data:image\/png;base64,/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeFindings(page)).toEqual([]);
  });
});

/**
 * axe-core's findings (WCAG 2.1 A and AA) on this page's own content, once
 * animations have ended; the admin shell's account menu and the notices are
 * checked with every page (tests/e2e/accessibility.spec.ts). The message's
 * frame is the sender's HTML, not the page: left out, and axe runs in legacy
 * mode, which needs no extra blank page (slow to open on a busy machine).
 */
async function axeFindings(page: Page): Promise<string[]> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('[data-testid="admin-user-menu"]').exclude('.mantine-Notification-root').exclude('iframe').setLegacyMode().analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} ${node.html} ${node.failureSummary}`));
}
