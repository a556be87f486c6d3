// GET /api/masterclass/admin/analytics against a real PocketBase: the figures
// for a known set of registrations, attendees, refunds, accounts and tool
// records (seats taken/held/left, revenue gross/refunded/net, registrations
// per day in Adelaide time, attendees by role and UTM, waitlist, invitations,
// accounts, tool usage, check-ins at the door as the door sends them), and
// refused to guests and attendees. The per-day grouping and the door's day are
// also checked on their own around Adelaide's midnight and a daylight-saving
// change.
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { answersByDimension } from '@/features/readiness/testAnswers';
import { newRecordId } from '@/lib/ids';
import type { TestServer } from '../support/pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
import { loadHookModule } from '../support/hook-module';
import { createUser, serverForFile, unique, type TestUser } from './helpers';
import { minutesFromNow, updateEvent, type Answer } from './registration-helpers';

let server: TestServer;
let su: PocketBase;
let admin: TestUser;
let attendeeUser: TestUser;
let otherAttendeeUser: TestUser;

serverForFile((started) => ({ server, su } = started), { env: { SMTP_HOST: '' } });

async function analytics(token?: string): Promise<Answer> {
  const response = await fetch(`${server.url}/api/masterclass/admin/analytics`, { headers: token ? { Authorization: token } : {} });
  return { status: response.status, body: await response.json() };
}

async function registration(fields: Record<string, unknown>): Promise<RecordModel> {
  const event = await masterclassEvent(su);
  return su.collection('registrations').create({ event: event.id, currency: 'AUD', primary_email: `${unique('buyer-')}@example.com`, total_amount_cents: 0, ...fields });
}

async function attendee(registrationRecord: RecordModel, fields: Record<string, unknown> = {}): Promise<RecordModel> {
  return su.collection('attendees').create({
    registration: registrationRecord.id,
    event: registrationRecord.event,
    full_name: 'Katherine Johnson',
    email: `${unique('attendee-')}@example.com`,
    privacy_consent: true,
    ...fields,
  });
}

async function refund(registrationRecord: RecordModel, amountCents: number, status: 'done' | 'pending'): Promise<void> {
  await su.collection('payment_actions').create({
    kind: 'refund', registration: registrationRecord.id, payment_intent: `pi_${unique()}`, amount_cents: amountCents,
    currency: 'AUD', idempotency_key: `refund-${registrationRecord.id}`, status, attempts: status === 'done' ? 1 : 0,
  });
}

// A completed readiness assessment, as the readiness suite builds one.
const READINESS_ANSWERS = answersByDimension({
  strategy: [5, 5, 5, 5], data: [1, 1, 1, 1], infrastructure: [3, 3, 3, 3],
  talent: [4, 4, 4, 4], governance: [2, 3, 2, 3], culture: [5, 4, 4, 4],
});
const READINESS_RESULT = {
  status: 'completed', score: 57, level: 'Scaling', completed_at: '2025-06-18 02:00:00.000Z',
  dimension_scores: { strategy: 100, data: 0, infrastructure: 50, talent: 75, governance: 38, culture: 81 },
};

const adelaideToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Adelaide' }).format(new Date());

beforeAll(async () => {
  [admin, attendeeUser, otherAttendeeUser] = await Promise.all([
    createUser(server, su, 'administrator'), createUser(server, su, 'attendee'), createUser(server, su, 'attendee'),
  ]);
  await updateEvent(su, { capacity: 20 });

  // Paid and completed: 2 seats, $600.00 taken by Stripe.
  const paid = await registration({ kind: 'paid', status: 'completed', total_amount_cents: 60000, paid_amount_cents: 60000 });
  const checkedIn = await attendee(paid, { registration_status: 'confirmed', role: 'Senior Manager', utm_source: 'linkedin', utm_medium: 'social', user: attendeeUser.id, invitation_sent: true });
  await attendee(paid, { registration_status: 'confirmed', role: 'Executive Leader / Founder', utm_source: 'linkedin', utm_medium: 'social' });
  // Free promo registration: 1 seat, no money.
  const promo = await registration({ kind: 'promo', status: 'completed' });
  const undone = await attendee(promo, { registration_status: 'confirmed', role: 'Senior Manager', utm_source: 'newsletter', utm_medium: 'email', user: attendeeUser.id });
  // Paid, emails not sent yet: an observer (no seat), $300.00 (no paid amount recorded: the total counts).
  const observer = await registration({ kind: 'paid', status: 'paid', total_amount_cents: 30000 });
  const observerRow = await attendee(observer, { registration_status: 'confirmed_observer', role: 'AI-Curious Professional', user: otherAttendeeUser.id });
  // An open checkout holding 3 seats, and one whose hold lapsed (no seat, no money).
  const holding = await registration({ kind: 'paid', status: 'pending', total_amount_cents: 90000, held_seats: 3, hold_expires_at: minutesFromNow(20) });
  for (let index = 0; index < 3; index += 1) await attendee(holding, { role: 'Senior Manager', utm_source: 'linkedin' });
  const lapsed = await registration({ kind: 'paid', status: 'pending', total_amount_cents: 60000, held_seats: 2, hold_expires_at: minutesFromNow(-5) });
  await attendee(lapsed, { role: 'Senior Manager' });
  // Paid after the seats were gone: refunded ($300.00), and one refund still owed ($100.00).
  const refunded = await registration({ kind: 'paid', status: 'cancelled', total_amount_cents: 30000, paid_amount_cents: 30000 });
  await attendee(refunded, { registration_status: 'cancelled', role: 'Senior Manager' });
  await refund(refunded, 30000, 'done');
  const owed = await registration({ kind: 'paid', status: 'cancelled', total_amount_cents: 10000, paid_amount_cents: 10000 });
  await attendee(owed, { registration_status: 'cancelled' });
  await refund(owed, 10000, 'pending');
  // The waitlist: 2 people, one of whom confirmed their address.
  for (let index = 0; index < 2; index += 1) {
    const waitlist = await registration({ kind: 'waitlist', status: 'pending' });
    await attendee(waitlist, {
      registration_status: 'waitlisted', role: 'Senior Manager', utm_source: 'google', waitlist_confirmed_at: index === 0 ? new Date().toISOString() : '',
    });
  }
  // The door (an administrator's device) lets in a paid attendee and the observer; a third check-in is undone.
  const now = new Date().toISOString();
  await admin.client.send('/api/masterclass/admin/check-in/push', {
    method: 'POST',
    body: {
      event: paid.event,
      sent_at: now,
      check_ins: [
        { id: newRecordId(), attendee: checkedIn.id, method: 'scan', scanned_at: now, device_name: 'Door 1' },
        { id: newRecordId(), attendee: observerRow.id, method: 'search', scanned_at: now, device_name: 'Door 1' },
        { id: newRecordId(), attendee: undone.id, method: 'scan', scanned_at: now, device_name: 'Door 2', undone_at: now },
      ],
    },
  });
  // An administrator linked to an attendee row is not an attendee account.
  const adminRow = await registration({ kind: 'promo', status: 'completed' });
  await attendee(adminRow, { registration_status: 'confirmed', role: 'IT / Technical Professional', user: admin.id, utm_source: 'linkedin', utm_medium: 'social' });

  // Tool usage: 1 completed assessment and 1 in progress; 2 business cases by one person.
  await su.collection('readiness_assessments').create({ owner: attendeeUser.id, answers: READINESS_ANSWERS, framework_version: 1, ...READINESS_RESULT });
  await su.collection('readiness_assessments').create({ owner: otherAttendeeUser.id, answers: {}, framework_version: 1, status: 'in_progress' });
  await su.collection('business_cases').create({ owner: attendeeUser.id, title: 'Claims triage', status: 'draft' });
  await su.collection('business_cases').create({ owner: attendeeUser.id, title: 'Invoice matching', status: 'ready' });
});

describe('GET /api/masterclass/admin/analytics', () => {
  it('is refused to guests and attendees', async () => {
    expect((await analytics()).status).toBe(401);
    const refused = await analytics(attendeeUser.client.authStore.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      status: 403,
      message: "Only administrators can see the event's analytics.",
      data: { auth: { code: 'forbidden', message: "Only administrators can see the event's analytics." } },
    });
    expect(JSON.stringify(refused.body)).not.toContain('seats');
  });

  it('gives the known figures to an administrator', async () => {
    const answer = await analytics(admin.client.authStore.token);
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect(body.event).toMatchObject({ title: 'AI CHAMPIONS MASTERCLASS', timezone: 'Australia/Adelaide', phase: 'past', doorDay: 'after' });
    // confirmed: 2 (paid) + 1 (promo) + 1 (the administrator's row); held: 3; left: 20 - 4 - 3
    expect(body.seats).toEqual({ capacity: 20, taken: 4, held: 3, left: 13, observers: 1 });
    // gross: 600 + 300 (observer, its total) + 300 (refunded) + 100 (refund owed); pending checkouts take nothing;
    // refunded: the refunds not failed, made (300) or being made (100), as a seat's refunds are counted
    expect(body.revenue).toEqual({ currency: 'AUD', grossCents: 130000, refundedCents: 40000, netCents: 90000, pendingRefundsCents: 10000, failedRefundsCents: 0 });
    // today in Adelaide: 2 paid (completed and paid), 2 promo, 2 waitlist; cancelled and open checkouts are not registrations
    expect(body.registrationsPerDay).toEqual([{ date: adelaideToday(), paid: 2, promo: 2, waitlist: 2 }]);
    expect(body.attendeesByRole).toEqual([
      { label: 'Senior Manager', count: 2 },
      { label: 'AI-Curious Professional', count: 1 },
      { label: 'Executive Leader / Founder', count: 1 },
      { label: 'IT / Technical Professional', count: 1 },
    ]);
    expect(body.attendeesByUtmSource).toEqual([{ label: 'linkedin', count: 3 }, { label: '', count: 1 }, { label: 'newsletter', count: 1 }]);
    expect(body.attendeesByUtmMedium).toEqual([{ label: 'social', count: 3 }, { label: '', count: 1 }, { label: 'email', count: 1 }]);
    expect(body).toMatchObject({
      attendees: 5,
      waitlist: 2,
      waitlistConfirmed: 1,
      // the paid attendee and the observer; the undone check-in lets nobody in
      checkIns: { checkedIn: 2, expected: 5 },
      invitationsSent: 1,
      invitationsPending: 4,
      // attendeeUser (two rows) and otherAttendeeUser; the administrator is not counted
      accountsCreated: 2,
      tools: { assessmentsCompleted: 1, assessmentUsers: 1, businessCases: 2, businessCaseUsers: 1 },
    });
  });

  it("on the masterclass's day, counts each check-in the door sends and each undo, never a waitlisted or cancelled person", async () => {
    const event = await masterclassEvent(su);
    await updateEvent(su, { starts_at: minutesFromNow(-30), ends_at: minutesFromNow(150), sales_state: 'sold_out' });
    try {
      const before = (await analytics(admin.client.authStore.token)).body;
      expect(before.event).toMatchObject({ phase: 'happening', doorDay: 'today' });
      expect(before.checkIns).toEqual({ checkedIn: 2, expected: 5 });
      const rows = await su.collection('attendees').getFullList({ filter: su.filter('event = {:event}', { event: event.id }), sort: 'created' });
      const waiting = rows.find((row) => row.registration_status === 'confirmed' && !row.checked_in_at);
      const waitlisted = rows.find((row) => row.registration_status === 'waitlisted');
      const cancelled = rows.find((row) => row.registration_status === 'cancelled');
      const id = newRecordId();
      const send = (items: Record<string, unknown>[]) => admin.client.send<{ refused: { code: string }[] }>('/api/masterclass/admin/check-in/push', {
        method: 'POST', body: { event: event.id, sent_at: new Date().toISOString(), check_ins: items },
      });
      const at = new Date().toISOString();
      const answer = await send([
        { id, attendee: waiting!.id, method: 'scan', scanned_at: at, device_name: 'Door 1' },
        { id: newRecordId(), attendee: waitlisted!.id, method: 'search', scanned_at: at, device_name: 'Door 1' },
        { id: newRecordId(), attendee: cancelled!.id, method: 'search', scanned_at: at, device_name: 'Door 1' },
      ]);
      expect(answer.refused.map((refusal) => refusal.code)).toEqual(['waitlisted', 'cancelled']);
      expect((await analytics(admin.client.authStore.token)).body.checkIns).toEqual({ checkedIn: 3, expected: 5 });
      // the same check-in sent again (its answer was lost) counts once; undone, it counts no more
      await send([{ id, attendee: waiting!.id, method: 'scan', scanned_at: at, device_name: 'Door 1' }]);
      expect((await analytics(admin.client.authStore.token)).body.checkIns).toEqual({ checkedIn: 3, expected: 5 });
      await send([{ id, attendee: waiting!.id, method: 'scan', scanned_at: at, device_name: 'Door 1', undone_at: new Date().toISOString() }]);
      expect((await analytics(admin.client.authStore.token)).body.checkIns).toEqual({ checkedIn: 2, expected: 5 });
    } finally {
      await updateEvent(su, { starts_at: event.starts_at, ends_at: event.ends_at, sales_state: event.sales_state });
    }
  });

  it('gives the same figures to a superuser', async () => {
    const [asAdmin, asSuperuser] = await Promise.all([analytics(admin.client.authStore.token), analytics(su.authStore.token)]);
    expect(asSuperuser.status).toBe(200);
    expect({ ...asSuperuser.body, generatedAt: '' }).toEqual({ ...asAdmin.body, generatedAt: '' });
  });
});

describe('registrations per day', () => {
  const { daysFromSlots } = loadHookModule<{ daysFromSlots: (rows: unknown[], timezone: string) => unknown[] }>('admin/analytics');

  it('puts each half hour in its Adelaide day and fills the days between', () => {
    expect(daysFromSlots([
      // 23:30 on 2 June in Adelaide (UTC+9:30 in winter)
      { slot: '2025-06-02 14:00', kind: 'paid', count: 2 },
      // 00:00 on 3 June in Adelaide
      { slot: '2025-06-02 14:30', kind: 'promo', count: 1 },
      { slot: '2025-06-05 01:00', kind: 'waitlist', count: 4 },
      { slot: '2025-06-05 02:00', kind: 'waitlist', count: 1 },
    ], 'Australia/Adelaide')).toEqual([
      { date: '2025-06-02', paid: 2, promo: 0, waitlist: 0 },
      { date: '2025-06-03', paid: 0, promo: 1, waitlist: 0 },
      { date: '2025-06-04', paid: 0, promo: 0, waitlist: 0 },
      { date: '2025-06-05', paid: 0, promo: 0, waitlist: 5 },
    ]);
  });

  it('follows daylight saving (UTC+10:30 in summer)', () => {
    expect(daysFromSlots([
      { slot: '2025-01-10 13:00', kind: 'paid', count: 1 }, // 23:30 on 10 January
      { slot: '2025-01-10 13:30', kind: 'paid', count: 1 }, // 00:00 on 11 January
    ], 'Australia/Adelaide')).toEqual([
      { date: '2025-01-10', paid: 1, promo: 0, waitlist: 0 },
      { date: '2025-01-11', paid: 1, promo: 0, waitlist: 0 },
    ]);
    expect(daysFromSlots([], 'Australia/Adelaide')).toEqual([]);
  });
});

describe('breakdown labels', () => {
  const { codePointOrder } = loadHookModule<{ codePointOrder: (a: string, b: string) => number }>('admin/analytics');

  it('orders labels of equal count as SQLite does (UTF-8 bytes: code points), not by UTF-16 units', () => {
    // 𠮷 (U+20BB7) comes after ｚ (U+FF5A) by code point, before it by UTF-16 unit (a surrogate, 0xD842)
    expect(['𠮷田', 'ｚ', 'Zoë', '', 'zoe', 'فاطمة', '🚀'].sort(codePointOrder)).toEqual(['', 'Zoë', 'zoe', 'فاطمة', 'ｚ', '🚀', '𠮷田']);
    expect(['𠮷田', 'ｚ'].sort()).toEqual(['𠮷田', 'ｚ']); // what a plain sort would have given
    expect(codePointOrder('ab', 'a')).toBeGreaterThan(0);
    expect(codePointOrder('Zoë', 'Zoë')).toBe(0);
  });
});

describe("the door's day", () => {
  type EventLike = { getString: (field: string) => string };
  const { doorDay } = loadHookModule<{ doorDay: (event: EventLike, timezone: string, now: Date) => string }>('admin/analytics');
  // 11:30 to 14:30 on Wednesday 18 June 2031 in Adelaide (UTC+9:30)
  const event: EventLike = { getString: (field) => ({ starts_at: '2031-06-18 02:00:00.000Z', ends_at: '2031-06-18 05:00:00.000Z' })[field] ?? '' };

  it('is today from midnight to midnight in the event\'s zone, not in UTC', () => {
    expect(doorDay(event, 'Australia/Adelaide', new Date('2031-06-17T14:29:00Z'))).toBe('before'); // 23:59 on the 17th
    expect(doorDay(event, 'Australia/Adelaide', new Date('2031-06-17T14:30:00Z'))).toBe('today'); // 00:00 on the 18th
    expect(doorDay(event, 'Australia/Adelaide', new Date('2031-06-18T10:00:00Z'))).toBe('today'); // 19:30, after the end
    expect(doorDay(event, 'Australia/Adelaide', new Date('2031-06-18T14:30:00Z'))).toBe('after'); // 00:00 on the 19th
  });

  it('covers every day of an event over midnight, and an unreadable start is still to come', () => {
    const late: EventLike = { getString: (field) => ({ starts_at: '2031-06-18 12:00:00.000Z', ends_at: '2031-06-18 16:00:00.000Z' })[field] ?? '' };
    expect(doorDay(late, 'Australia/Adelaide', new Date('2031-06-19T10:00:00Z'))).toBe('today'); // 19:30 on the 19th, its second day
    expect(doorDay(late, 'Australia/Adelaide', new Date('2031-06-19T14:30:00Z'))).toBe('after');
    expect(doorDay({ getString: () => '' }, 'Australia/Adelaide', new Date())).toBe('before');
  });
});
