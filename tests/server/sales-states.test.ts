// The sales states on the server (DESIGN decision 23): a masterclass whose
// sales open at a set time is scheduled until then (paid and promo
// registrations refused, creating nothing; the waitlist takes the people who
// want to be told) and on sale from that moment without anyone touching it;
// the people who asked are emailed once when it opens; closed is never called
// sold out; the waitlist asks only a name and an email.
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { newRecordId } from '@/lib/ids';
import { createUser, serverForFile } from './helpers';
import {
  attendee, attendeesOf, counts, emailsOf, get, openSales, paidBody, promoBody, register, updateEvent, waitlistBody, LIMITS_RAISED,
} from './registration-helpers';

let server: TestServer;
let su: PocketBase;

serverForFile((started) => ({ server, su } = started), { env: LIMITS_RAISED });

// Wednesday 16 June 2032; sales open Tuesday 10 February 2032 at 9:00 am in Adelaide (ACDT, +10:30).
const EVENT_TIMES = { starts_at: '2032-06-16 02:00:00.000Z', ends_at: '2032-06-16 05:00:00.000Z' };
const SALES_OPEN = '2032-02-09 22:30:00.000Z';
const SALES_OPEN_WORDS = 'Tuesday 10 February at 9:00 am';

/** Runs the sales-open cron now (the API starts it in the background) and waits for that run to be counted; its error, if any. */
async function runSalesOpenCron(): Promise<string> {
  const runsOf = async () => (await su.collection('job_runs').getFullList({ filter: 'job = "salesOpenNotices"' }))[0];
  const before = (await runsOf())?.runs ?? 0;
  await su.crons.run('salesOpenNotices');
  await expect.poll(async () => (await runsOf())?.runs ?? 0, { timeout: 10_000, interval: 50 }).toBeGreaterThan(before);
  return (await runsOf())?.last_error ?? '';
}

const secondsFromNow = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString().replace('T', ' ');

async function promoCode(): Promise<string> {
  const seed = await su.collection('promo_codes').getFirstListItem('code = "CHAMPION2025"');
  await su.collection('promo_codes').update(seed.id, { expires_at: secondsFromNow(24 * 3600), active: true, max_uses: 1000 });
  return 'CHAMPION2025';
}

describe('scheduled: sales open at a set time', () => {
  it('refuses paid and promo registrations before sales open, saying when they open, and creates nothing', async () => {
    await openSales(su, { ...EVENT_TIMES, sales_open_at: SALES_OPEN });
    const code = await promoCode();
    const before = await counts(su);
    for (const body of [paidBody(2), promoBody(code)]) {
      const { status, body: answer } = await register(server, body);
      expect(status).toBe(409);
      expect(answer.data.sales).toEqual({
        code: 'scheduled',
        message: `Sales for this masterclass open on ${SALES_OPEN_WORDS}. Join the list on this page and we will email you when they open.`,
      });
    }
    expect(await counts(su)).toEqual(before);
  });

  it('the public summary and the landing answer say scheduled and when sales open', async () => {
    await openSales(su, { ...EVENT_TIMES, sales_open_at: SALES_OPEN });
    const summary = await get(server, '/api/masterclass/event');
    expect(summary.body).toMatchObject({ sales_state: 'open', sales_open_at: SALES_OPEN });
    const landing = await get(server, '/api/masterclass/landing');
    expect(landing.body.hero.phase).toBe('scheduled');
    expect(landing.body.hero.texts).toMatchObject({ salesOpen: SALES_OPEN_WORDS, day: '16 June' });
  });

  it('takes the people who want to be told, with a name and an email, and its email says when sales open', async () => {
    await openSales(su, { ...EVENT_TIMES, sales_open_at: SALES_OPEN });
    const { status, body } = await register(server, waitlistBody({ attendees: [{ fullName: 'Grace Hopper', email: 'grace-scheduled@example.com' }] }));
    expect(status).toBe(201);
    const [email] = await emailsOf(su, body.registrationId);
    expect(email.text).toContain(`open on ${SALES_OPEN_WORDS}, and we will email you when they open`);
    expect(email.text).not.toContain('fully booked');
  });

  it('opens by itself at the sales-open time: refused a moment before, registered after, with nobody touching the event', async () => {
    const opensAt = secondsFromNow(4);
    const event = await openSales(su, { ...EVENT_TIMES, sales_open_at: opensAt });
    const refused = await register(server, paidBody(1));
    expect(refused.status).toBe(409);
    expect(refused.body.data.sales.code).toBe('scheduled');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(opensAt.replace(' ', 'T')) - Date.now()) + 200));
    const taken = await register(server, paidBody(1));
    expect(taken.status).toBe(201);
    expect((await su.collection('events').getOne(event.id)).updated).toBe(event.updated);
    expect((await get(server, '/api/masterclass/landing')).body.hero.phase).toBe('on_sale');
  });

  it('emails the confirmed people waiting once sales open, once, and nobody unconfirmed or unsubscribed', async () => {
    const event = await openSales(su, { ...EVENT_TIMES, sales_open_at: SALES_OPEN, sales_open_notified_at: '' });
    const join = async (email: string) => {
      const { body } = await register(server, waitlistBody({ attendees: [{ fullName: 'Waiting Person', email }] }));
      return (await attendeesOf(su, body.registrationId))[0];
    };
    const confirmed = await join('told-when-open@example.com');
    const unconfirmed = await join('never-confirmed@example.com');
    const unsubscribed = await join('unsubscribed-person@example.com');
    for (const row of [confirmed, unsubscribed]) await su.collection('attendees').update(row.id, { waitlist_confirmed_at: new Date().toISOString() });
    await su.collection('attendees').update(unconfirmed.id, { waitlist_confirmed_at: '' });
    await su.collection('unsubscribes').create({ email: 'unsubscribed-person@example.com' });
    const salesOpenEmails = () => su.collection('emails').getFullList({ filter: 'template = "sales_open"' });

    // before the moment: nobody is told
    expect(await runSalesOpenCron()).toBe('');
    expect(await salesOpenEmails()).toEqual([]);

    await updateEvent(su, { sales_open_at: secondsFromNow(-1) });
    expect(await runSalesOpenCron()).toBe('');
    expect(await runSalesOpenCron()).toBe('');
    const sent = await salesOpenEmails();
    expect(sent.map((email) => email.to)).toEqual(['told-when-open@example.com']);
    expect(sent[0].subject).toBe('Sales are open: the AI Champions Masterclass on Wednesday 16 June 2032');
    expect(sent[0].text).toContain('They are open now, and seats go to whoever registers first.');
    expect((await su.collection('events').getOne(event.id, { fields: 'sales_open_notified_at' })).sales_open_notified_at).not.toBe('');
  });
});

describe('early access while scheduled', () => {
  it('is refused until sales open, saying when, and opens no window', async () => {
    const event = await openSales(su, { ...EVENT_TIMES, sales_open_at: SALES_OPEN });
    const admin = await createUser(server, su, 'administrator', { full_name: 'Early Admin' });
    let status = 0;
    let body: { data?: { event?: { code?: string; message?: string } } } = {};
    try {
      await admin.client.send(`/api/masterclass/admin/events/${event.id}/early-access`, { method: 'POST', body: { batchSize: 5 } });
    } catch (error) {
      ({ status } = error as { status: number });
      body = (error as { response: typeof body }).response;
    }
    expect(status).toBe(409);
    expect(body.data?.event).toEqual({
      code: 'sales_scheduled',
      message: `Sales for this masterclass open on ${SALES_OPEN_WORDS}: send early access once they are open, or clear the sales-open time.`,
    });
    expect((await su.collection('events').getOne(event.id)).early_access_starts_at).toBe('');
  });
});

describe('closed is never called sold out', () => {
  it('refuses registration with seats free saying registration is closed, and the waitlist email does not say fully booked', async () => {
    await openSales(su, { ...EVENT_TIMES, sales_open_at: '', sales_state: 'closed', capacity: 50 });
    const refused = await register(server, paidBody(1));
    expect(refused.status).toBe(409);
    expect(refused.body.data.sales).toEqual({ code: 'closed', message: 'Registration for this masterclass is closed.' });
    const { body } = await register(server, waitlistBody());
    const [email] = await emailsOf(su, body.registrationId);
    expect(email.text).toContain('Registration for the AI CHAMPIONS MASTERCLASS on Wednesday 16 June 2032 has closed');
    expect(email.text).not.toMatch(/fully booked|sold out/i);
  });
});

describe('the waitlist asks only a name and an email', () => {
  it('joins with a name and an email (the company optional), the other details left empty', async () => {
    await openSales(su, { ...EVENT_TIMES, sales_open_at: '', sales_state: 'sold_out' });
    const onlyName = await register(server, waitlistBody({ attendees: [{ fullName: 'Ada Short', email: 'ada-short@example.com' }] }));
    expect(onlyName.status).toBe(201);
    const [row] = await attendeesOf(su, onlyName.body.registrationId);
    expect(row).toMatchObject({ full_name: 'Ada Short', email: 'ada-short@example.com', company: '', job_title: '', phone_number: '', role: '', registration_status: 'waitlisted' });
    const withCompany = await register(server, waitlistBody({ attendees: [{ fullName: 'Ada Company', email: 'ada-company@example.com', company: 'Engines', jobTitle: '', phoneNumber: '', role: '' }] }));
    expect(withCompany.status).toBe(201);
    expect((await attendeesOf(su, withCompany.body.registrationId))[0].company).toBe('Engines');
    const [email] = await emailsOf(su, onlyName.body.registrationId);
    expect(email.text).toContain('is fully booked, so we have added you to its waitlist');
  });

  it('still refuses a waitlist entry without a name or an email, or with a bad optional detail, writing nothing', async () => {
    await openSales(su, { ...EVENT_TIMES, sales_open_at: '', sales_state: 'sold_out' });
    const before = await counts(su);
    const noEmail = await register(server, waitlistBody({ attendees: [{ fullName: 'No Email' }] }));
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.data['attendees.0.email'].code).toBe('required');
    const noName = await register(server, waitlistBody({ attendees: [{ email: 'no-name@example.com' }] }));
    expect(noName.body.data['attendees.0.fullName'].code).toBe('required');
    const badPhone = await register(server, waitlistBody({ attendees: [{ fullName: 'Bad Phone', email: 'bad-phone@example.com', phoneNumber: 'call me' }] }));
    expect(badPhone.body.data['attendees.0.phoneNumber'].code).toBe('invalid_phone');
    const badRole = await register(server, waitlistBody({ attendees: [{ fullName: 'Bad Role', email: 'bad-role@example.com', role: 'Pope' }] }));
    expect(badRole.body.data['attendees.0.role'].code).toBe('invalid_role');
    expect(await counts(su)).toEqual(before);
  });

  it('a paid registration still needs every detail', async () => {
    await openSales(su, { ...EVENT_TIMES, sales_open_at: '', sales_state: 'open' });
    const { status, body } = await register(server, paidBody(1, { attendees: [attendee({ company: '', jobTitle: '', phoneNumber: '', role: '' })] }));
    expect(status).toBe(400);
    for (const field of ['company', 'jobTitle', 'phoneNumber', 'role']) expect(body.data[`attendees.0.${field}`].code).toBe('required');
  });
});

describe('after the masterclass: attended or not, from the door', () => {
  it("a check-in reaches the attendee's own row and the order page, which says attended or not once it has taken place; an undo takes it back", async () => {
    await openSales(su, { ...EVENT_TIMES, sales_open_at: '', sales_state: 'open' });
    const code = await promoCode();
    const created = await register(server, promoBody(code));
    expect(created.status).toBe(201);
    const [seat] = await attendeesOf(su, created.body.registrationId);
    const admin = await createUser(server, su, 'administrator', { full_name: 'Door Admin' });
    const checkInId = newRecordId();
    const push = (item: Record<string, unknown>) =>
      admin.client.send('/api/masterclass/admin/check-in/push', {
        method: 'POST',
        body: { event: seat.event, sent_at: new Date().toISOString(), check_ins: [{ id: checkInId, attendee: seat.id, method: 'search', scanned_at: new Date().toISOString(), device_name: 'North door', ...item }] },
      });
    const orderOf = async () => (await get(server, `/api/masterclass/orders/${created.body.order.id}?key=${created.body.order.key}`)).body;

    expect((await orderOf()).attendees[0]).toMatchObject({ status: 'confirmed', checked_in: false });
    await push({});
    expect((await su.collection('attendees').getOne(seat.id)).checked_in_at).not.toBe('');
    // the masterclass has taken place
    await updateEvent(su, { starts_at: '2025-06-18 02:00:00.000Z', ends_at: '2025-06-18 05:00:00.000Z' });
    const after = await orderOf();
    expect(after.event.phase).toBe('past');
    expect(after.attendees[0]).toMatchObject({ status: 'confirmed', checked_in: true });
    await push({ undone_at: new Date().toISOString(), undone_device: 'North door' });
    expect((await su.collection('attendees').getOne(seat.id)).checked_in_at).toBe('');
    expect((await orderOf()).attendees[0].checked_in).toBe(false);
  });
});
