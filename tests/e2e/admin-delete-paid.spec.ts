// Manage Attendees' Delete of an attendee who paid for their seat: the
// dialog asks for a refund decision (by the terms, another amount with a
// reason, or none with a reason) and refuses to go on without one; the
// decision is made, the seat released and the row kept, cancelled, with the
// decision shown afterwards under Edit → Cancel attendee. At 1280 and 390 px,
// with screenshots of the dialog, scanned with axe (WCAG 2.1 A and AA).
//
// The journeys register and pay (simulated checkout), so the file runs on its
// own PocketBase (tests/e2e/support/ownServer.ts); the page's /api calls go to it.
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { DESKTOP, PHONE } from '../support/browser';
import { ownServerAdministrator, ownServerForFile, routeApiTo } from './support/ownServer';
import { signInAs, type PortalTestUser } from './portal-helpers';
import { SHOWN_NOTICE, unique } from './registration-helpers';
import { lookAt } from './support/lookAt';

let server: TestServer;
let superuser: PocketBase;
let administrator: PortalTestUser;

test.describe.configure({ mode: 'serial' });
ownServerForFile((started) => {
  ({ server, admin: superuser } = started);
});
test.beforeAll(async () => {
  administrator = await ownServerAdministrator({ server, admin: superuser }, 'Morgan Admin');
});

/** A registration for one attendee of `company`, paid through the simulated checkout; its attendee row. */
async function paidAttendee(fullName: string, company: string) {
  const email = `${unique('paid-')}@example.com`;
  const created = await fetch(`${server.url}/api/masterclass/registrations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      mode: 'paid', privacyConsent: true, marketingConsent: false,
      attendees: [{ fullName, email, company, jobTitle: 'Head of Data', phoneNumber: '0400 000 000', role: 'Senior Manager' }],
    }),
  });
  expect(created.status).toBe(201);
  const { sessionId, registrationId } = await created.json();
  expect((await fetch(`${server.url}/api/masterclass/checkout/simulated/${sessionId}/pay`, { method: 'POST' })).status).toBe(200);
  return superuser.collection('attendees').getFirstListItem(superuser.filter('registration = {:id}', { id: registrationId }));
}

async function violations(page: Page, include: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include(include).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`deleting an attendee who paid asks for a refund decision and records it (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const company = `Paid ${unique('co-')}`;
    const row = await paidAttendee('Paula Paid', company);
    await routeApiTo(page, server);
    await signInAs(page, administrator);
    await page.goto('/admin/attendees');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Attendees' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Search attendees' }).fill(company);
    await expect(page.getByTestId('attendee-count')).toHaveText('Showing 1 of 1 attendees');

    await page.getByRole('button', { name: 'Delete Paula Paid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(dialog.getByText('This action cannot be undone. Paula Paid paid for their seat: deleting cancels it with the refund you choose below.')).toBeVisible();
    await expect(dialog.getByText(/Paula Paid paid \$495\.00 for their seat/)).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /By the terms: \$495\.00/ })).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();

    // No decision, then no reason: refused in the dialog, nothing sent.
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByText('Choose the refund: by the terms, another amount, or no refund.')).toBeVisible();
    await dialog.getByRole('radio', { name: /Another amount/ }).check();
    await dialog.getByRole('textbox', { name: /Refund \(AUD\)/ }).fill('120');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByText('Please give a reason: it is kept with the deletion.')).toBeVisible();
    expect((await superuser.collection('attendees').getOne(row.id)).registration_status).toBe('confirmed');

    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Asked to be removed; goodwill part refund');
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await lookAt(page, { path: `/tmp/shots/admin-delete-paid-${viewport.width}.png`, animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.locator(SHOWN_NOTICE).getByText('Paula Paid: seat released, AUD 120.00 refunded. The cancelled record is kept.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const saved = await superuser.collection('attendees').getOne(row.id);
    expect(saved).toMatchObject({
      registration_status: 'cancelled', cancelled_by: 'administrator',
      cancellation_reason: 'Deleted by an administrator, refund of another amount: Asked to be removed; goodwill part refund',
    });
    const actions = await superuser.collection('payment_actions').getFullList({ filter: superuser.filter('attendee = {:id}', { id: row.id }) });
    expect(actions.map((action) => [action.amount_cents, action.status, action.simulated])).toEqual([[12000, 'done', true]]);

    // Afterwards the Edit dialog shows the decision, as a cancellation is shown.
    await page.getByRole('button', { name: 'Edit Paula Paid' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Attendee' });
    const section = edit.getByRole('region', { name: 'Cancel attendee' });
    await expect(section.getByText(/by an administrator\. Reason: Deleted by an administrator, refund of another amount/)).toBeVisible();
    await expect(section.getByTestId('attendee-refund')).toContainText('$120.00');
    await section.scrollIntoViewIfNeeded();
    await lookAt(page, { path: `/tmp/shots/admin-delete-paid-after-${viewport.width}.png`, animations: 'disabled' });
    await edit.getByRole('button', { name: 'Cancel', exact: true }).click();

    // The kept row cannot be deleted now: its refund is on record.
    await page.getByRole('button', { name: 'Delete Paula Paid' }).click();
    await expect(dialog.getByText('A refund is recorded for this attendee')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });
}
