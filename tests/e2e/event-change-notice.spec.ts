// A masterclass's date changed with seats taken, at 1280 and 390 px: the
// administrator moves the start on Event & Promo Codes, saving asks "Notify 2
// attendees?" with the update email they would get (rendered and as plain
// text), and Save and notify emails each seat holder; each holder's calendar
// file (the link in their email, the same file as the attachment) read by
// ical.js keeps its UID with a higher SEQUENCE and the new DTSTART. At 390 the
// administrator then cancels the whole masterclass: the confirmation names the
// seats and what is refunded, and the card says it is cancelled.
//
// The journeys change the event, so the file runs on its own PocketBase.
import { expect, test, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { DESKTOP, PHONE } from '../support/browser';
import { masterclassEvent } from '../support/masterclassEvent';
import { ownServerAdministrator, ownServerForFile, routeApiTo } from './support/ownServer';
import { signInAs } from './portal-helpers';
import { toast, unique } from './registration-helpers';
import { lookAt } from './support/lookAt';

let server: TestServer;
let superuser: PocketBase;

test.describe.configure({ mode: 'serial' });
ownServerForFile((started) => ({ server, admin: superuser } = started));

// A dialog is shot as the screen shows it; the page after it whole.
const shot = (page: Page, width: string, name: string, fullPage = true) => lookAt(page, { path: `/tmp/shots/event-change-notice-${width}-${name}.png`, fullPage });

/** A confirmed seat at the event (a promo order of one), as the registration route makes it. */
async function seatHolder(eventId: string, fullName: string): Promise<RecordModel> {
  const email = `${unique('holder-')}@example.com`;
  const registration = await superuser.collection('registrations').create({
    event: eventId, kind: 'promo', status: 'completed', primary_email: email, currency: 'AUD', total_amount_cents: 0,
  });
  return superuser.collection('attendees').create({
    registration: registration.id, event: eventId, email, full_name: fullName, company: 'Acme', job_title: 'Lead',
    role: 'Senior Manager', registration_status: 'confirmed', privacy_consent: true,
  });
}

/** The holder's calendar file (their email's Add to Calendar link) as ical.js reads it. */
async function calendarOf(holder: RecordModel): Promise<{ uid: string; sequence: number; dtstart: string }> {
  const row = await superuser.collection('attendees').getOne(holder.id);
  const response = await fetch(`${server.url}/api/masterclass/event.ics?event=${row.event}&ticket=${row.ticket_code}`);
  expect(response.status).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const start = (vevent.getFirstPropertyValue('dtstart') as ICAL.Time).clone();
  const zone = calendar.getFirstSubcomponent('vtimezone');
  if (zone) start.zone = new ICAL.Timezone(zone);
  return { uid: String(vevent.getFirstPropertyValue('uid')), sequence: Number(vevent.getFirstPropertyValue('sequence')), dtstart: new Date(start.toUnixTime() * 1000).toISOString() };
}

async function setTime(page: Page, label: string, day: string, time: string): Promise<void> {
  const date = page.getByRole('textbox', { name: `${label} date` });
  await date.fill(day);
  await date.press('Escape');
  await page.getByLabel(`${label} time`).fill(time);
}

let holders: RecordModel[] = [];

for (const [width, viewport] of [['1280', DESKTOP], ['390', PHONE]] as const) {
  test(`at ${width} px: a new date asks "Notify 2 attendees?" with the email, and each holder's calendar file moves`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    const event = await masterclassEvent(superuser);
    if (holders.length === 0) holders = [await seatHolder(event.id, 'Grace Hopper'), await seatHolder(event.id, 'Alan Turing')];
    const before = await calendarOf(holders[0]);
    const user = await ownServerAdministrator({ server, admin: superuser }, 'Eve Organiser');
    await routeApiTo(page, server);
    await signInAs(page, user);

    await page.goto('/admin/event');
    await expect(page.getByRole('heading', { name: 'Attendees and changes' })).toBeVisible();
    await expect(page.getByTestId('event-holders')).toHaveText('2 attendees hold a seat.');

    // 18 June 2031 10:30 am Adelaide time → another day at 9:00 am (standard time, UTC+9:30).
    const [day, utc] = width === '1280' ? ['25/06/2031', '2031-06-24T23:30:00.000Z'] : ['02/07/2031', '2031-07-01T23:30:00.000Z'];
    await setTime(page, 'Start', day, '09:00');
    await setTime(page, 'End', day, '12:00');
    await page.getByRole('button', { name: 'Save event' }).click();

    const dialog = page.getByRole('dialog', { name: 'Notify 2 attendees?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('2 attendees hold a seat at this masterclass.');
    await expect(dialog).toContainText('Change to the AI Champions Masterclass: new date and time');
    const rendered = dialog.frameLocator('iframe[title="Preview of the update email"]');
    await expect(rendered.getByText('New date and time for your masterclass')).toBeVisible();
    await expect(rendered.getByText(/Previously/)).toBeVisible();
    await shot(page, width, 'asked', false);
    await dialog.getByText('Plain text').click();
    const weekday = width === '1280' ? 'Wednesday 25 June 2031' : 'Wednesday 2 July 2031';
    await expect(dialog.getByTestId('update-email-text')).toContainText(weekday);
    await expect(dialog.getByTestId('update-email-text')).toContainText('Hi Grace Hopper,');
    await shot(page, width, 'asked-text', false);
    // nothing is saved until the administrator answers
    expect((await masterclassEvent(superuser)).starts_at).toBe(event.starts_at);

    await dialog.getByRole('button', { name: 'Save and notify 2 attendees' }).click();
    await expect(toast(page, 'Event updated')).toBeVisible();
    await expect(toast(page, 'Event updated')).toContainText('2 attendees are being emailed');
    await expect(dialog).toBeHidden();
    await shot(page, width, 'saved');

    const saved = await masterclassEvent(superuser);
    expect(new Date(saved.starts_at.replace(' ', 'T')).toISOString()).toBe(utc);
    for (const holder of holders) {
      const emails = await superuser.collection('emails').getFullList({ filter: superuser.filter('attendee = {:id} && template = "event_update"', { id: holder.id }), sort: '-created' });
      expect(emails.length).toBe(width === '1280' ? 1 : 2);
      expect(emails[0].text).toContain(weekday);
      const after = await calendarOf(holder);
      expect(after.uid).toBe(before.uid);
      expect(after.sequence).toBeGreaterThan(before.sequence);
      expect(after.dtstart).toBe(utc);
    }

    if (width === '390') {
      // Cancelling the whole masterclass: asked with the seats and the refund, then done.
      await page.getByRole('button', { name: 'Cancel this masterclass' }).click();
      const confirm = page.getByRole('dialog', { name: 'Cancel this masterclass?' });
      await expect(confirm.getByTestId('cancel-event-summary')).toContainText('2 attendees lose their seats; no seat was paid for, so nothing is refunded.');
      await shot(page, width, 'cancel-asked', false);
      await confirm.getByRole('button', { name: 'Cancel the masterclass' }).click();
      await expect(toast(page, 'Masterclass cancelled')).toBeVisible();
      await expect(page.getByTestId('event-cancelled')).toBeVisible();
      await shot(page, width, 'cancelled');
      expect((await masterclassEvent(superuser)).sales_state).toBe('closed');
      for (const holder of holders) expect((await superuser.collection('attendees').getOne(holder.id)).registration_status).toBe('cancelled');
    }
    await user.remove();
  });
}
