// GET /api/masterclass/admin/analytics against a real PocketBase: the figures
// for a known set of registrations, attendees, refunds, accounts and tool
// records (seats taken/held/left, revenue gross/refunded/net, registrations
// per day in Adelaide time, attendees by role and UTM, waitlist, invitations,
// accounts, tool usage), and refused to guests and attendees. The per-day
// grouping is also checked on its own around Adelaide's midnight and a
// daylight-saving change.
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { answersByDimension } from '@/features/readiness/testAnswers';
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
  await attendee(paid, { registration_status: 'confirmed', role: 'Senior Manager', utm_source: 'linkedin', utm_medium: 'social', user: attendeeUser.id, invitation_sent: true });
  await attendee(paid, { registration_status: 'confirmed', role: 'Executive Leader / Founder', utm_source: 'linkedin', utm_medium: 'social' });
  // Free promo registration: 1 seat, no money.
  const promo = await registration({ kind: 'promo', status: 'completed' });
  await attendee(promo, { registration_status: 'confirmed', role: 'Senior Manager', utm_source: 'newsletter', utm_medium: 'email', user: attendeeUser.id });
  // Paid, emails not sent yet: an observer (no seat), $300.00 (no paid amount recorded: the total counts).
  const observer = await registration({ kind: 'paid', status: 'paid', total_amount_cents: 30000 });
  await attendee(observer, { registration_status: 'confirmed_observer', role: 'AI-Curious Professional', user: otherAttendeeUser.id });
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
  // The waitlist: 2 people.
  for (let index = 0; index < 2; index += 1) {
    const waitlist = await registration({ kind: 'waitlist', status: 'pending' });
    await attendee(waitlist, { registration_status: 'waitlisted', role: 'Senior Manager', utm_source: 'google' });
  }
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
    expect(body.event).toMatchObject({ title: 'AI CHAMPIONS MASTERCLASS', timezone: 'Australia/Adelaide' });
    // confirmed: 2 (paid) + 1 (promo) + 1 (the administrator's row); held: 3; left: 20 - 4 - 3
    expect(body.seats).toEqual({ capacity: 20, taken: 4, held: 3, left: 13, observers: 1 });
    // gross: 600 + 300 (observer, its total) + 300 (refunded) + 100 (refund owed); pending checkouts take nothing
    expect(body.revenue).toEqual({ currency: 'AUD', grossCents: 130000, refundedCents: 30000, netCents: 100000, pendingRefundsCents: 10000, failedRefundsCents: 0 });
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
      invitationsSent: 1,
      invitationsPending: 4,
      // attendeeUser (two rows) and otherAttendeeUser; the administrator is not counted
      accountsCreated: 2,
      tools: { assessmentsCompleted: 1, assessmentUsers: 1, businessCases: 2, businessCaseUsers: 1 },
    });
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
