// Manage Attendees: one search over name, email, company and ticket code
// (after a pause, back to page 1), the status chips with the server's counts,
// the columns that matter fitting at 1280 px (the others in the column menu),
// sorting by a
// header (ascending, then descending), page sizes and the pager, 'Edit
// Attendee' (blank optional fields saved empty, refusals shown with the dialog
// still open), delete (the spec's confirmation, not dismissed by an outside
// click; an account holder cannot be deleted), sending an invitation, the
// CSV export checked in the downloaded file (exactly the searched and chosen rows), and the everyday actions (offer a
// waitlisted person a seat, add someone by hand when full as an observer,
// resend a ticket; no action shown that cannot work; emails wrapping only at
// their @ and dots) — at 1280 px and 390 px.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { superuserClient } from '../support/e2e-admin';
import { DESKTOP, PHONE } from '../support/browser';
import { createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';
import { ownServerAdministrator, ownServerForFile, routeApiTo, type OwnServer } from './support/ownServer';
import { lookAt } from './support/lookAt';

let admin: PortalTestUser;
let su: PocketBase;

test.beforeAll(async () => {
  su = await superuserClient();
  admin = await createPortalUser('administrator', { full_name: 'Morgan Admin', company: 'Champions Collective' });
});
test.afterAll(async () => {
  await admin?.remove();
});
/** Signed in as the shared server's administrator (the everyday actions sign in on their own server). */
const signedIn = () => test.beforeEach(async ({ page }) => {
  await signInAs(page, admin);
});

const tag = () => `T${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const emailSlug = (company: string) => company.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** A registration with attendees of one company (so the test's filter shows only them), created oldest first. */
async function arrangeAttendees(company: string, people: Record<string, unknown>[]): Promise<RecordModel[]> {
  const event = await su.collection('events').getFirstListItem('slug = "ai-champions-masterclass"');
  const slug = emailSlug(company);
  const registration = await su.collection('registrations').create({
    event: event.id, kind: 'promo', status: 'completed', primary_email: `${slug}@example.com`, currency: 'AUD', total_amount_cents: 0,
  });
  const created: RecordModel[] = [];
  for (const [index, person] of people.entries()) {
    created.push(await su.collection('attendees').create({
      registration: registration.id,
      event: event.id,
      full_name: `Person ${index}`,
      email: `${slug}-${index}@example.com`,
      company,
      job_title: 'Analyst',
      role: 'Senior Manager',
      registration_status: 'confirmed',
      privacy_consent: true,
      ...person,
    }));
  }
  return created;
}

const table = (page: Page) => page.getByRole('table', { name: 'Attendees' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const count = (page: Page) => page.getByTestId('attendee-count');
const nameCells = (page: Page) => bodyRows(page).locator('td:first-child p:first-child');

/** A click on a header's label sorts by it (ascending first, then descending). */
async function sortBy(page: Page, header: string) {
  await page.getByRole('columnheader', { name: header }).getByText(header, { exact: true }).click();
}

async function openPage(page: Page) {
  await page.goto('/admin/attendees');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Attendees' })).toBeVisible();
}

const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Search attendees' });

/** Chooses a status chip by its label ('Checked in'), which then reads as chosen with its count ("Checked in 2"). */
async function chooseChip(page: Page, label: string) {
  const name = new RegExp(`^${label} \\d+$`);
  await page.getByTestId('status-chips').locator('label').filter({ hasText: name }).click();
  await expect(page.getByRole('radio', { name })).toBeChecked();
}

async function filterCompany(page: Page, company: string) {
  await searchBox(page).fill(company);
}

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });
  signedIn();

  test('filters after a pause, sorts by a header, pages and changes the page size', async ({ page }) => {
    const company = `Paging ${tag()}`;
    const names = ['Yara', 'Bea', 'Quinn', 'Abe', 'Mia', 'Zed', 'Cleo', 'Otto', 'Ivy', 'Hugo', 'Lena', 'Gus', 'Ned', 'Pia', 'Rex', 'Sol',
      'Tia', 'Uma', 'Vic', 'Wes', 'Xan', 'Dot', 'Eli', 'Fay', 'Kai'];
    await arrangeAttendees(company, names.map((name) => ({ full_name: `${name} Example` })));
    await openPage(page);
    await expect(page.getByRole('columnheader')).toHaveText(['Name', 'Company', 'Status', 'Invitation', 'Checked In', 'Paid', 'Refund', 'Registered', 'Actions']);

    await filterCompany(page, company.toUpperCase());
    await expect(count(page)).toHaveText('Showing 20 of 25 attendees');
    // Newest first by default.
    await expect(nameCells(page).first()).toHaveText('Kai Example');
    await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: /^Page / })).toHaveText(['1', '2']);

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(count(page)).toHaveText('Showing 5 of 25 attendees');
    await expect(nameCells(page).first()).toHaveText('Mia Example');

    // A header click sorts ascending, a second descending.
    await sortBy(page, 'Name');
    await expect(count(page)).toHaveText('Showing 20 of 25 attendees');
    await expect(nameCells(page).first()).toHaveText('Abe Example');
    await sortBy(page, 'Name');
    await expect(nameCells(page).first()).toHaveText('Zed Example');

    // Page size: back to page 1.
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(count(page)).toHaveText('Showing 5 of 25 attendees');
    await page.getByRole('textbox', { name: 'Rows per page' }).click();
    await expect(page.getByRole('option')).toHaveText(['10', '20', '50', '100']);
    await page.getByRole('option', { name: '10', exact: true }).click();
    await expect(count(page)).toHaveText('Showing 10 of 25 attendees');
    await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: /^Page / })).toHaveText(['1', '2', '3']);

    // A filter change goes back to page 1 too.
    await page.getByRole('button', { name: 'Page 3' }).click();
    await expect(count(page)).toHaveText('Showing 5 of 25 attendees');
    await searchBox(page).fill(`${company} e`);
    await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(count(page)).toHaveText(/^Showing \d+ of \d+ attendees$/);
    await searchBox(page).fill(`${company} nobody-has-this-name`);
    await expect(page.getByText('No attendees found.')).toBeVisible();
    await expect(count(page)).toHaveText('Showing 0 of 0 attendees');
  });

  test('shows labels, marks and badges, and sends an invitation', async ({ page }) => {
    const company = `Labels ${tag()}`;
    const account = await createPortalUser('administrator', { full_name: 'Account Holder' });
    const [waitlisted, , , invitable] = await arrangeAttendees(company, [
      { full_name: 'Wanda Waitlisted', registration_status: 'waitlisted' },
      { full_name: 'Olly Observer', registration_status: 'confirmed_observer', invitation_sent: true, invitation_sent_at: new Date().toISOString() },
      { full_name: 'Adam Account', email: account.email, user: account.id, registration_status: 'cancelled' },
      { full_name: 'Ivy Invitable' },
    ]);
    try {
      await openPage(page);
      await filterCompany(page, company);
      await expect(count(page)).toHaveText('Showing 4 of 4 attendees');
      const row = (name: string) => bodyRows(page).filter({ hasText: name });
      await expect(row('Wanda Waitlisted').locator('td').nth(2)).toHaveText('Waitlisted');
      await expect(row('Olly Observer').locator('td').nth(2)).toHaveText('Observer');
      await expect(row('Adam Account').locator('td').nth(2)).toHaveText('Cancelled');
      await expect(row('Ivy Invitable').locator('td').nth(2)).toHaveText('Confirmed');
      await expect(row('Olly Observer').getByRole('img', { name: /^Invitation sent/ })).toBeVisible();
      await expect(row('Ivy Invitable').getByRole('img', { name: 'No invitation sent' })).toBeVisible();
      // User Role is in the column menu (not shown by default).
      await page.getByRole('button', { name: 'Show or hide columns' }).click();
      await page.getByRole('menuitem', { name: 'User Role' }).click();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('columnheader')).toHaveText(['Name', 'Company', 'Status', 'Invitation', 'User Role', 'Checked In', 'Paid', 'Refund', 'Registered', 'Actions']);
      const badge = row('Adam Account').locator('td').nth(4).getByText('administrator');
      await expect(badge).toBeVisible();
      // Administrator amber (the theme's amber), others purple.
      expect(await badge.evaluate((element) => getComputedStyle(element.closest('.mantine-Badge-root')!).backgroundColor)).toBe('rgb(255, 171, 9)');
      await expect(row('Ivy Invitable').locator('td').nth(4)).toHaveText('No account');
      await lookAt(page, { path: '/tmp/shots/admin-attendees-1280-list.png', fullPage: true });

      // A waitlisted attendee cannot be invited: no red mark and no Send, only why.
      await expect(page.getByRole('button', { name: 'Send invitation to Wanda Waitlisted' })).toHaveCount(0);
      await expect(row('Wanda Waitlisted').getByRole('img', { name: 'No invitation: On the waitlist: invited once they hold a seat.' })).toBeVisible();
      await expect(row('Wanda Waitlisted').getByRole('img', { name: 'No invitation sent' })).toHaveCount(0);
      expect((await su.collection('attendees').getOne(waitlisted.id)).invitation_sent).toBe(false);
      // Each tooltip is set up when the mouse first rests on its mark or button, and shows at once.
      await row('Wanda Waitlisted').getByRole('img', { name: /^No invitation:/ }).hover();
      await expect(page.getByRole('tooltip', { name: 'On the waitlist: invited once they hold a seat.' })).toBeVisible();
      // A button the keyboard has focused keeps the focus when the mouse comes to rest on it.
      const deleteOlly = page.getByRole('button', { name: 'Delete Olly Observer' });
      await deleteOlly.focus();
      await deleteOlly.hover();
      await expect(page.getByRole('tooltip', { name: 'Delete' })).toBeVisible();
      await expect(deleteOlly).toBeFocused();
      await page.mouse.move(0, 0);
      await expect(page.getByRole('tooltip', { name: 'Delete' })).toHaveCount(0);

      await page.getByRole('button', { name: 'Send invitation to Ivy Invitable' }).click();
      await expect(page.getByText(`Invitation sent to ${invitable.email}`)).toBeVisible();
      // The list reloads with the green mark.
      await expect(row('Ivy Invitable').getByRole('img', { name: /^Invitation sent/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send invitation to Ivy Invitable' })).toHaveCount(0);
      expect((await su.collection('attendees').getOne(invitable.id)).invitation_sent).toBe(true);
    } finally {
      await account.remove();
    }
  });

  test('edits an attendee: refusals keep the dialog open, blank optional fields are saved empty', async ({ page }) => {
    const company = `Edit ${tag()}`;
    const [first, second] = await arrangeAttendees(company, [
      { full_name: 'Edna Editable', phone_number: '+61 400 111 222', dietary_requirements: 'Vegetarian' },
      { full_name: 'Other Person' },
    ]);
    await openPage(page);
    await filterCompany(page, company);
    await expect(count(page)).toHaveText('Showing 2 of 2 attendees');
    await bodyRows(page).filter({ hasText: 'Edna Editable' }).locator('td').nth(2).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Attendee' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Edna Editable');
    await lookAt(page, { path: '/tmp/shots/admin-attendees-1280-edit.png' });

    // Browser-level checks first.
    await dialog.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();

    // The server refuses an email another attendee uses; the dialog stays open with its message.
    await dialog.getByRole('textbox', { name: 'Email' }).fill(second.email.toUpperCase());
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Another attendee of this event already uses this email address.').first()).toBeVisible();
    await expect(page.getByText(/^Failed to update attendee/).first()).toBeVisible();
    await expect(dialog).toBeVisible();
    expect((await su.collection('attendees').getOne(first.id)).email).toBe(first.email);

    await dialog.getByRole('textbox', { name: 'Email' }).fill(first.email);
    await dialog.getByRole('textbox', { name: 'Full Name' }).fill('Edna Edited');
    await dialog.getByRole('textbox', { name: 'Company', exact: true }).fill(company);
    await dialog.getByRole('textbox', { name: 'Phone Number' }).fill('');
    await dialog.getByRole('textbox', { name: 'Dietary Requirements' }).fill('');
    await dialog.getByRole('checkbox', { name: 'Marketing consent' }).check();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Attendee updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(bodyRows(page).filter({ hasText: 'Edna Edited' })).toHaveCount(1);
    const saved = await su.collection('attendees').getOne(first.id);
    expect(saved).toMatchObject({ full_name: 'Edna Edited', phone_number: '', dietary_requirements: '', marketing_consent: true });

    // The Edit button opens the same dialog.
    await page.getByRole('button', { name: 'Edit Other Person' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Other Person');
  });

  test('deletes after the confirmation, which an outside click does not dismiss; an account holder is kept', async ({ page }) => {
    const company = `Delete ${tag()}`;
    const account = await createPortalUser('attendee', { full_name: 'Kept Account' });
    const [gone, kept] = await arrangeAttendees(company, [
      { full_name: 'Dora Deletable' },
      { full_name: 'Kept Account', email: account.email, user: account.id },
    ]);
    try {
      await openPage(page);
      await filterCompany(page, company);
      await expect(count(page)).toHaveText('Showing 2 of 2 attendees');

      await page.getByRole('button', { name: 'Delete Dora Deletable' }).click();
      const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
      await expect(dialog.getByText('This action cannot be undone. This will permanently delete the attendee record for Dora Deletable.')).toBeVisible();
      await expect(dialog.getByText(/Their seat is freed for someone else\. They have no account/)).toBeVisible();
      await lookAt(page, { path: '/tmp/shots/admin-attendees-1280-delete.png' });
      await page.mouse.click(10, 10);
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Attendee deleted successfully')).toBeVisible();
      await expect(count(page)).toHaveText('Showing 1 of 1 attendees');
      await expect(su.collection('attendees').getOne(gone.id)).rejects.toMatchObject({ status: 404 });

      await page.getByRole('button', { name: 'Delete Kept Account' }).click();
      await expect(dialog.getByText('This attendee has an account')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Delete' })).toBeDisabled();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      expect((await su.collection('attendees').getOne(kept.id)).user).toBe(account.id);
    } finally {
      await account.remove();
    }
  });

  test('exports what the filters show to a CSV file', async ({ page }) => {
    const company = `Export ${tag()}`;
    await arrangeAttendees(company, [
      { full_name: 'Ann "Quoted", Person', marketing_consent: true, utm_source: 'newsletter' },
      { full_name: '=2+3 Formula', dietary_requirements: 'No nuts,\nno dairy' },
    ]);
    await openPage(page);
    await filterCompany(page, company);
    await expect(count(page)).toHaveText('Showing 2 of 2 attendees');
    // Name descending (two clicks), which differs from the default newest first.
    await expect(nameCells(page).first()).toHaveText('=2+3 Formula');
    await sortBy(page, 'Name');
    await sortBy(page, 'Name');
    await expect(nameCells(page).first()).toHaveText('Ann "Quoted", Person');

    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export 2 attendees' }).click();
    // 'Preparing CSV export...' is replaced in place by the outcome (one notice per topic), often before it can be seen.
    await expect(page.getByText(/^(Preparing CSV export\.\.\.|CSV exported successfully)$/)).toBeVisible();
    const download = await downloaded;
    await expect(page.getByText('CSV exported successfully')).toBeVisible();
    expect(download.suggestedFilename()).toMatch(/^attendees-masterclass-\d{4}-\d{2}-\d{2}-exported-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'Name,Email,Company,Job Title,Role,Phone Number,Dietary Requirements,Marketing Consent,User Role,Registration Date,UTM Source,UTM Medium,'
      + 'Status,Checked In,Amount Paid,Refund',
    );
    // In the table's order (name descending), formulas guarded, quotes doubled.
    expect(lines[1]).toMatch(new RegExp(`^"Ann ""Quoted"", Person",[^,]+,${company},Analyst,Senior Manager,,,Yes,,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},newsletter,,Confirmed,,0\\.00,$`));
    expect(lines[2]).toMatch(new RegExp(`^'=2\\+3 Formula,export[^,]*-1@example\\.com,${company},Analyst,Senior Manager,,"No nuts,\\nno dairy",No,,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},,,Confirmed,,0\\.00,$`, 'i'));
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');

    // Nothing matches: the page says so instead of downloading an empty file.
    await searchBox(page).fill(`${company} nobody-has-this-name`);
    await expect(page.getByText('No attendees found.')).toBeVisible();
    await page.getByRole('button', { name: 'Export 0 attendees' }).click();
    await expect(page.getByText('No attendees match the search, so there is nothing to export.')).toBeVisible();
  });
});

test.describe('one search and the status chips', () => {
  test.use({ viewport: DESKTOP });
  signedIn();

  test('a company search finds the person, each chip counts as the server does, the filtered CSV holds exactly those rows, and the columns fit at 1280', async ({ page }) => {
    // one journey through the search, every chip, the export and both widths, with six axe scans
    test.setTimeout(240_000);
    const id = tag();
    const company = `Becker Wines ${id}`;
    const people = await arrangeAttendees(company, [
      { full_name: 'Zoë Becker' },
      { full_name: '𠮷田 太郎', registration_status: 'waitlisted' },
      { full_name: 'زينب الحسيني', registration_status: 'cancelled', cancelled_by: 'attendee' },
      { full_name: 'Olly Observer', registration_status: 'confirmed_observer' },
      { full_name: 'Tara Transferred', registration_status: 'cancelled', cancelled_by: 'substitution' },
      { full_name: 'Colin Colleague' },
      { full_name: 'Rhea Refunded', registration_status: 'cancelled', cancelled_by: 'administrator' },
      { full_name: 'Cara Checked 🎉' },
    ]);
    const byName = Object.fromEntries(people.map((person) => [person.full_name as string, person]));
    await su.collection('attendees').update(byName['Colin Colleague'].id, { replaces: byName['Tara Transferred'].id });
    for (const name of ['Cara Checked 🎉', 'Olly Observer']) {
      await su.collection('check_ins').create({
        attendee: byName[name].id, event: byName[name].event, method: 'scan', scanned_at: '2031-06-18 02:05:00.000Z', received_at: '2031-06-18 02:05:01.000Z',
        ordered_at: '2031-06-18 02:05:00.000Z', device_name: 'Door 1',
      });
    }
    await su.collection('payment_actions').create({
      registration: byName['Rhea Refunded'].registration, attendee: byName['Rhea Refunded'].id, kind: 'refund', status: 'done', amount_cents: 12_375,
      payment_intent: 'pi_search_chips', idempotency_key: `refund-${id}`,
    });
    const ticketCode = (await su.collection('attendees').getOne(byName['Zoë Becker'].id)).ticket_code as string;
    expect(ticketCode).toMatch(/^[a-z0-9]{26}$/);

    await openPage(page);
    // The columns that matter are in view at 1280 px without scrolling sideways; the registration date on one line.
    await expect(count(page)).toHaveText(/^Showing [1-9]\d* of \d+ attendees$/);
    const frame = await table(page).evaluate((element) => {
      const container = element.parentElement!;
      return { scroll: container.scrollWidth, client: container.clientWidth, page: document.documentElement.scrollWidth, view: window.innerWidth };
    });
    expect(frame.scroll).toBeLessThanOrEqual(frame.client);
    expect(frame.page).toBeLessThanOrEqual(frame.view);
    for (const header of ['Name', 'Status', 'Checked In', 'Paid', 'Refund']) {
      const box = (await page.getByRole('columnheader').filter({ hasText: new RegExp(`^${header}$`) }).boundingBox())!;
      expect(box.x + box.width, header).toBeLessThanOrEqual(1280);
    }

    // "becker wines", in lower case, finds the people of Becker Wines (the company, not their names).
    await searchBox(page).fill(`becker wines ${id.toLowerCase()}`);
    await expect(count(page)).toHaveText('Showing 8 of 8 attendees');
    await expect(bodyRows(page).filter({ hasText: 'Zoë Becker' })).toHaveCount(1);
    const registered = bodyRows(page).first().locator('td').nth(7).locator('span[title]');
    await expect(registered).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await expect(registered).toHaveAttribute('title', /^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4}, \d{1,2}:\d{2} [ap]m$/);
    expect(await registered.evaluate((element) => element.getClientRects().length)).toBe(1);

    // Each chip's count: the records this test made, and the server's own numbers for the same search.
    const expected = { all: 8, confirmed: 3, observer: 1, waitlisted: 1, cancelled: 2, transferred: 1, checked_in: 2, refunded: 1 };
    const server = await su.send<{ counts: Record<string, number> }>('/api/masterclass/attendees', { query: { q: company, perPage: 1 } });
    expect(server.counts).toEqual(expected);
    for (const [chip, number] of Object.entries(expected)) {
      await expect(page.getByTestId(`chip-count-${chip}`), chip).toHaveText(String(number));
    }
    await expect(page.getByRole('button', { name: 'Export 8 attendees' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await lookAt(page, { path: '/tmp/shots/attendees/search-1280-filtered.png', fullPage: true });

    // A chip narrows the list to its rows; the export says how many and holds exactly those.
    const chips: Record<string, string[]> = {
      checked_in: ['Cara Checked 🎉', 'Olly Observer'],
      cancelled: ['Rhea Refunded', 'زينب الحسيني'],
      transferred: ['Tara Transferred'],
      refunded: ['Rhea Refunded'],
      confirmed: ['Cara Checked 🎉', 'Colin Colleague', 'Zoë Becker'],
    };
    const chipLabel = { checked_in: 'Checked in', cancelled: 'Cancelled', transferred: 'Transferred', refunded: 'Refunded', confirmed: 'Confirmed' } as const;
    for (const [chip, names] of Object.entries(chips)) {
      await chooseChip(page, chipLabel[chip as keyof typeof chipLabel]);
      await expect(count(page)).toHaveText(`Showing ${names.length} of ${names.length} attendees`);
      // two chips may hold as many people: the rows are waited for, not only the count
      await expect.poll(async () => (await nameCells(page).allInnerTexts()).sort()).toEqual([...names].sort());
    }
    await chooseChip(page, 'Checked in');
    await expect(count(page)).toHaveText('Showing 2 of 2 attendees');
    const exportButton = page.getByRole('button', { name: 'Export 2 attendees' });
    expect(await axeViolations(page)).toEqual([]);
    await lookAt(page, { path: '/tmp/shots/attendees/search-1280-chip.png', fullPage: true });
    const downloaded = page.waitForEvent('download');
    await exportButton.click();
    const lines = readFileSync(await (await downloaded).path(), 'utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines.slice(1).map((line) => line.split(',')[0]).sort()).toEqual(['Cara Checked 🎉', 'Olly Observer']);
    expect(lines.slice(1).every((line) => line.includes(company))).toBe(true);

    // Names in any script, and the ticket code typed in its groups, in capitals, with dashes.
    await chooseChip(page, 'All');
    for (const [typed, name] of [[`𠮷田 ${id}`, '𠮷田 太郎'], [`زينب ${id}`, 'زينب الحسيني'], [`zoe ${id}`, 'Zoë Becker'],
      [ticketCode.toUpperCase().replace(/(.{4})(?=.)/g, '$1 '), 'Zoë Becker'], [ticketCode.replace(/(.{4})(?=.)/g, '$1-'), 'Zoë Becker']]) {
      await searchBox(page).fill(typed);
      await expect(count(page), typed).toHaveText('Showing 1 of 1 attendees');
      await expect(nameCells(page)).toHaveText([name]);
    }

    // Nothing found: every chip says 0.
    await searchBox(page).fill(`${company} nobody-by-this-name`);
    await expect(page.getByText('No attendees found.')).toBeVisible();
    await expect(page.getByTestId('chip-count-all')).toHaveText('0');
    expect(await axeViolations(page)).toEqual([]);
    await lookAt(page, { path: '/tmp/shots/attendees/search-1280-empty.png', fullPage: true });

    // 390 px: the same search, chips and an empty answer, without sideways scrolling of the page.
    await page.setViewportSize(PHONE);
    await searchBox(page).fill(company);
    await expect(count(page)).toHaveText('Showing 8 of 8 attendees');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await lookAt(page, { path: '/tmp/shots/attendees/search-390-filtered.png', fullPage: true });
    await chooseChip(page, 'Refunded');
    await expect(count(page)).toHaveText('Showing 1 of 1 attendees');
    await expect(page.getByRole('button', { name: 'Export 1 attendee' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await lookAt(page, { path: '/tmp/shots/attendees/search-390-chip.png', fullPage: true });
    await searchBox(page).fill(`${company} nobody-by-this-name`);
    await expect(page.getByText('No attendees found.')).toBeVisible();
    await lookAt(page, { path: '/tmp/shots/attendees/search-390-empty.png', fullPage: true });
    await chooseChip(page, 'All');
    await searchBox(page).fill('');
    await expect(count(page)).toHaveText(/^Showing [1-9]\d* of \d+ attendees$/);
    await lookAt(page, { path: '/tmp/shots/attendees/search-390-list.png', fullPage: true });
    await page.setViewportSize(DESKTOP);
    await expect(count(page)).toHaveText(/^Showing [1-9]\d* of \d+ attendees$/);
    await lookAt(page, { path: '/tmp/shots/attendees/search-1280-list.png', fullPage: true });
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE });
  signedIn();

  test('lists, edits and exports on a 390 px screen without sideways scrolling of the page', async ({ page }) => {
    const company = `Phone ${tag()}`;
    await arrangeAttendees(company, [{ full_name: 'Pat Phone' }, { full_name: 'Robin Phone', registration_status: 'waitlisted' }]);
    await openPage(page);
    await filterCompany(page, company);
    await expect(count(page)).toHaveText('Showing 2 of 2 attendees');
    // The email and status sit under the name; the table keeps Name, Invitation and Actions.
    await expect(page.getByRole('columnheader')).toHaveText(['Name', 'Invitation', 'Actions']);
    await expect(bodyRows(page).filter({ hasText: 'Pat Phone' })).toContainText(`${emailSlug(company)}-0@example.com`);
    await expect(bodyRows(page).filter({ hasText: 'Robin Phone' })).toContainText('Waitlisted');
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.view);
    await lookAt(page, { path: '/tmp/shots/admin-attendees-390-list.png', fullPage: true });

    await page.getByRole('button', { name: 'Edit Pat Phone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Attendee' });
    await expect(dialog).toBeVisible();
    await lookAt(page, { path: '/tmp/shots/admin-attendees-390-edit.png' });
    await dialog.getByRole('textbox', { name: 'Job Title' }).fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Attendee updated successfully')).toBeVisible();

    await page.getByRole('button', { name: 'Delete Robin Phone' }).click();
    await expect(page.getByRole('dialog', { name: 'Are you sure?' }).getByText(/They leave the waitlist\./)).toBeVisible();
    await lookAt(page, { path: '/tmp/shots/admin-attendees-390-delete.png' });
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Cancel' }).click();

    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export 2 attendees' }).click();
    const download = await downloaded;
    const text = readFileSync(await download.path(), 'utf8');
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(3);
  });
});

/** Where an email's lines break in its cell: each line's first character's index in the address. */
async function emailLineStarts(page: Page, email: string): Promise<number[]> {
  return page.getByTitle(email, { exact: true }).first().evaluate((element) => {
    const starts: number[] = [];
    let index = 0;
    let lastTop = -Infinity;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let offset = 0; offset < (node.textContent ?? '').length; offset += 1) {
        const range = document.createRange();
        range.setStart(node, offset);
        range.setEnd(node, offset + 1);
        const top = range.getClientRects()[0]?.top ?? lastTop;
        if (top > lastTop + 2) {
          starts.push(index);
          lastTop = top;
        }
        index += 1;
      }
    }
    return starts;
  });
}

/** A line of an email may start only at its beginning, after its @ or a hyphen, or at a dot, plus or underscore. */
function breaksAtSensiblePoints(email: string, starts: number[]): boolean {
  return starts.length > 0 && starts.every((start) => start === 0 || '@-'.includes(email[start - 1]) || '.+_'.includes(email[start]));
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  // The page and its dialogs; the admin shell's own menu is the shell's (scanned with it).
  const results = await new AxeBuilder({ page }).exclude('[data-testid="admin-user-menu"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

// Seats, offers and a masterclass of their own change what the site features, so these run on their own PocketBase.
test.describe('everyday actions', () => {
  test.use({ viewport: DESKTOP });
  let own: OwnServer;
  ownServerForFile((started) => {
    own = started;
  });

  test('offers a waitlisted person a seat, adds someone by hand when full, resends a ticket, and shows no action that cannot work', async ({ page }) => {
    // one journey through every action at both widths, with three axe scans
    test.setTimeout(90_000);
    const id = tag().toLowerCase();
    const su = own.admin;
    const organiser = await ownServerAdministrator(own, 'Nina Organiser');
    await routeApiTo(page, own.server);
    await signInAs(page, organiser);
    // A masterclass of its own, sold out with one seat still free.
    const event = await su.collection('events').create({
      title: 'AI CHAMPIONS MASTERCLASS', starts_at: '2040-09-17 00:00:00.000Z', ends_at: '2040-09-17 03:00:00.000Z', timezone: 'Australia/Adelaide',
      location: 'Adelaide, South Australia', venue: 'Lot Fourteen', capacity: 2, max_per_registration: 10, price_cents: 49500, currency: 'AUD',
      sales_state: 'sold_out', portal_unlock_at: '2040-09-16 23:00:00.000Z', published: true,
    });
    const longEmail = `wendy.walker-${id}@championscollective.example.com`;
    const seated = async (fields: Record<string, unknown>) => {
      const registration = await su.collection('registrations').create({
        event: event.id, kind: 'promo', status: 'completed', primary_email: fields.email, currency: 'AUD', total_amount_cents: 0,
      });
      return su.collection('attendees').create({ registration: registration.id, event: event.id, company: 'Champions', privacy_consent: true, ...fields });
    };
    try {
      const wendy = await seated({ full_name: 'Wendy Walker', email: longEmail, registration_status: 'confirmed' });
      await su.collection('check_ins').create({
        attendee: wendy.id, event: event.id, method: 'scan', scanned_at: '2040-09-17 00:05:00.000Z', received_at: '2040-09-17 00:05:01.000Z',
        ordered_at: '2040-09-17 00:05:00.000Z', device_name: 'Door 1',
      });
      await seated({ full_name: 'Will Waiting', email: `will-${id}@example.com`, registration_status: 'waitlisted', waitlist_confirmed_at: '2031-01-01 00:00:00.000Z' });

      await page.goto(`/admin/attendees?event=${event.id}`);
      const row = (name: string) => bodyRows(page).filter({ hasText: name });
      await expect(row('Wendy Walker').locator('td').nth(4)).toHaveText('9:35 am', { timeout: 20_000 });
      await expect(row('Wendy Walker').getByTitle('Monday 17 September 2040, 9:35 am')).toBeVisible();
      await expect(row('Wendy Walker').locator('td').nth(5)).toHaveText('Free');
      await expect(row('Will Waiting').locator('td').nth(5)).toHaveText('—');
      // The email wraps after its @ and at its dots only, never mid-word.
      expect(breaksAtSensiblePoints(longEmail, await emailLineStarts(page, longEmail))).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expect(page.getByRole('button', { name: 'Send invitation to Will Waiting' })).toHaveCount(0);

      // Will's menu: no ticket or invitation (and why), a seat offer.
      await page.getByRole('button', { name: 'More actions for Will Waiting' }).click();
      await expect(page.getByRole('menuitem', { name: /Resend ticket/ })).toBeDisabled();
      await expect(page.getByRole('menuitem', { name: /Resend ticket/ })).toContainText('On the waitlist: no ticket until they hold a seat.');
      await lookAt(page, { path: '/tmp/shots/attendees/1280-menu.png' });
      await page.getByRole('menuitem', { name: 'Offer a seat' }).click();
      await page.getByRole('dialog', { name: 'Offer a seat' }).getByRole('button', { name: 'Offer the seat' }).click();
      await expect(page.getByText(/^Will Waiting was offered a seat until .+\. We emailed them the link to claim it\.$/)).toBeVisible();
      await page.getByRole('button', { name: 'More actions for Will Waiting' }).click();
      await expect(page.getByRole('menuitem', { name: /Offer a seat/ })).toContainText('A seat offer is already open for them.');
      await page.keyboard.press('Escape');

      // The offer holds the last seat: adding someone says so and offers the observer place.
      await page.getByRole('button', { name: 'Add attendee' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add attendee' });
      await dialog.getByRole('textbox', { name: 'Full Name' }).fill('Olive Organiser');
      await dialog.getByRole('textbox', { name: 'Email' }).fill(`olive-${id}@example.com`);
      await dialog.getByRole('button', { name: 'Add attendee' }).click();
      await expect(dialog.getByText('Choose how the seat is paid for: complimentary or paid elsewhere.')).toBeVisible();
      await expect(dialog.getByText('Please give a reason: it is kept with the registration.')).toBeVisible();
      await dialog.getByRole('radio', { name: 'Paid elsewhere' }).check();
      await dialog.getByRole('textbox', { name: 'Amount paid' }).fill('300');
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('Paid by invoice INV-1042');
      await dialog.getByRole('button', { name: 'Add attendee' }).click();
      await expect(dialog.getByTestId('add-attendee-full')).toContainText('No seat is free');
      expect(await axeViolations(page)).toEqual([]);
      await lookAt(page, { path: '/tmp/shots/attendees/1280-add-full.png' });
      await dialog.getByRole('button', { name: 'Add as observer' }).click();
      await expect(page.getByText('Olive Organiser was added and attends as an observer (no seat). We emailed their ticket and the account invitation.')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(row('Olive Organiser').locator('td').nth(2)).toHaveText('Observer');
      await expect(row('Olive Organiser').locator('td').nth(5)).toContainText('$300.00');
      await expect(row('Olive Organiser').getByText('Added by hand')).toBeVisible();

      await page.getByRole('button', { name: 'More actions for Olive Organiser' }).click();
      await page.getByRole('menuitem', { name: 'Resend ticket' }).click();
      await expect(page.getByText(`Olive Organiser's ticket was sent again to olive-${id}@example.com.`)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await lookAt(page, { path: '/tmp/shots/attendees/1280-list.png', fullPage: true });

      // 390 px: the name cell carries the email (wrapping sensibly), status, check-in and payment; the menu works.
      await page.setViewportSize(PHONE);
      await expect(page.getByRole('columnheader')).toHaveText(['Name', 'Invitation', 'Actions']);
      await expect(row('Wendy Walker')).toContainText('Confirmed · Checked in 9:35 am');
      await expect(row('Olive Organiser')).toContainText('Paid $300.00');
      expect(breaksAtSensiblePoints(longEmail, await emailLineStarts(page, longEmail))).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await lookAt(page, { path: '/tmp/shots/attendees/390-list.png', fullPage: true });
      await page.getByRole('button', { name: 'More actions for Wendy Walker' }).click();
      await expect(page.getByRole('menuitem', { name: /Offer a seat/ })).toContainText('They already hold a place.');
      await lookAt(page, { path: '/tmp/shots/attendees/390-menu.png' });
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Add attendee' }).click();
      await expect(page.getByRole('dialog', { name: 'Add attendee' })).toBeVisible();
      await lookAt(page, { path: '/tmp/shots/attendees/390-add.png' });
    } finally {
      await organiser.remove().catch(() => undefined);
    }
  });
});
