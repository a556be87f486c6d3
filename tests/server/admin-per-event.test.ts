// The admin routes that show one masterclass at a time, against a real
// PocketBase with three: the seeded one (featured), an earlier published one
// and a draft, each with its own attendees. The attendee list, its CSV
// export, the analytics and the bulk invitations answer for the event named
// by `event` (a draft too) and for the featured one without it; an id no
// masterclass has is a 404 saying so, a value that is not an id a 400, and
// guests and attendees are refused (401/403) before the event is looked up.
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { answersByDimension } from '@/features/readiness/testAnswers';
import type { TestServer } from '../support/pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
import { createUser, serverForFile, unique, type TestUser } from './helpers';
import type { Answer } from './registration-helpers';

const UNKNOWN_ID = 'zzzzzzzzzzzzzzz';
const UNKNOWN_MESSAGE = `There is no masterclass with the id ${UNKNOWN_ID}. Choose one of the listed masterclasses.`;

let server: TestServer;
let su: PocketBase;
let admin: TestUser;
let attendeeUser: TestUser;
let accountB: TestUser;
let seeded: RecordModel;
let earlier: RecordModel;
let draft: RecordModel;
const rows: Record<string, RecordModel> = {};

serverForFile((started) => ({ server, su } = started), { env: { APP_URL: 'https://masterclass.example.com', SMTP_HOST: '' } });

async function registration(event: RecordModel, fields: Record<string, unknown>): Promise<RecordModel> {
  return su.collection('registrations').create({
    event: event.id, currency: 'AUD', primary_email: `${unique('buyer-')}@example.com`, total_amount_cents: 0, ...fields,
  });
}

async function attendee(parent: RecordModel, fullName: string, fields: Record<string, unknown> = {}): Promise<void> {
  rows[fullName] = await su.collection('attendees').create({
    registration: parent.id, event: parent.event, full_name: fullName, email: `${unique('person-')}@example.com`,
    registration_status: 'confirmed', privacy_consent: true, ...fields,
  });
}

const READINESS_COMPLETED = {
  status: 'completed', score: 57, level: 'Scaling', completed_at: '2025-06-18 02:00:00.000Z', framework_version: 1,
  answers: answersByDimension({
    strategy: [5, 5, 5, 5], data: [1, 1, 1, 1], infrastructure: [3, 3, 3, 3],
    talent: [4, 4, 4, 4], governance: [2, 3, 2, 3], culture: [5, 4, 4, 4],
  }),
  dimension_scores: { strategy: 100, data: 0, infrastructure: 50, talent: 75, governance: 38, culture: 81 },
};

beforeAll(async () => {
  [admin, attendeeUser, accountB] = await Promise.all([
    createUser(server, su, 'administrator'), createUser(server, su, 'attendee'), createUser(server, su, 'attendee'),
  ]);
  // The seeded masterclass (18 June 2025) is the last one, so the site features it; the other
  // published one took place before it (13 November 2024, Adelaide daylight time), and the draft is to come.
  seeded = await masterclassEvent(su);
  const facts = {
    title: 'AI CHAMPIONS MASTERCLASS', timezone: 'Australia/Adelaide', location: 'Adelaide, South Australia', venue: 'Lot Fourteen',
    capacity: 30, max_per_registration: 5, price_cents: 59500, currency: 'AUD', sales_state: 'sold_out',
  };
  earlier = await su.collection('events').create({
    ...facts, starts_at: '2024-11-13 00:30:00.000Z', ends_at: '2024-11-13 03:30:00.000Z', portal_unlock_at: '2024-11-12 23:30:00.000Z', published: true,
  });
  draft = await su.collection('events').create({
    ...facts, sales_state: 'open', starts_at: '2031-03-05 00:30:00.000Z', ends_at: '2031-03-05 03:30:00.000Z', portal_unlock_at: '2031-03-04 23:30:00.000Z', published: false,
  });

  // The seeded one: a paid seat ($200.00) and one on the waitlist.
  const paidA = await registration(seeded, { kind: 'paid', status: 'completed', total_amount_cents: 20000, paid_amount_cents: 20000 });
  await attendee(paidA, 'Ada Seeded', { company: 'Engines', role: 'Senior Manager', utm_source: 'newsletter', user: attendeeUser.id });
  const waitA = await registration(seeded, { kind: 'waitlist', status: 'pending' });
  await attendee(waitA, 'Alan Seeded', { company: 'Engines', registration_status: 'waitlisted' });
  // The earlier one: two paid seats ($500.00) and a free observer.
  const paidB = await registration(earlier, { kind: 'paid', status: 'completed', total_amount_cents: 50000, paid_amount_cents: 50000 });
  await attendee(paidB, 'Bea Earlier', { company: 'Engines', role: 'Executive Leader / Founder', utm_source: 'linkedin', user: accountB.id });
  await attendee(paidB, 'Bob Earlier', { company: 'Labs', role: 'Executive Leader / Founder', utm_source: 'linkedin' });
  const promoB = await registration(earlier, { kind: 'promo', status: 'completed' });
  await attendee(promoB, 'Ben Earlier', { company: 'Labs', registration_status: 'confirmed_observer', role: 'AI-Curious Professional' });
  // The draft: one attendee an administrator added.
  const draftRegistration = await registration(draft, { kind: 'promo', status: 'completed' });
  await attendee(draftRegistration, 'Cy Draft', { company: 'Engines' });

  // The tools: the seeded one's attendee completed an assessment; the earlier one's made two business cases.
  await su.collection('readiness_assessments').create({ owner: attendeeUser.id, ...READINESS_COMPLETED });
  await su.collection('business_cases').create({ owner: accountB.id, title: 'Claims triage', status: 'draft' });
  await su.collection('business_cases').create({ owner: accountB.id, title: 'Invoice matching', status: 'ready' });
});

async function call(path: string, token?: string, init: RequestInit = {}): Promise<Answer & { text: string; headers: Headers }> {
  const response = await fetch(`${server.url}${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // the CSV file
  }
  return { status: response.status, body, text, headers: response.headers };
}

const asAdmin = (path: string, init?: RequestInit) => call(path, admin.client.authStore.token, init);
const query = (params: Record<string, string>) => {
  const text = new URLSearchParams(params).toString();
  return text ? `?${text}` : '';
};

async function listNames(params: Record<string, string>): Promise<{ names: string[]; totalItems: number }> {
  const answer = await asAdmin(`/api/masterclass/attendees${query({ sort: 'full_name', perPage: '100', ...params })}`);
  expect(answer.status).toBe(200);
  return { names: answer.body.items.map((item: { full_name: string }) => item.full_name), totalItems: answer.body.totalItems };
}

/** The CSV's names (first column), header line left out. */
async function csvNames(params: Record<string, string>): Promise<{ names: string[]; fileName: string }> {
  const answer = await asAdmin(`/api/masterclass/attendees.csv${query({ sort: 'full_name', ...params })}`);
  expect(answer.status).toBe(200);
  const lines = answer.text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).slice(1);
  const fileName = /filename="([^"]+)"/.exec(answer.headers.get('content-disposition') ?? '')?.[1] ?? '';
  return { names: lines.map((line) => line.split(',')[0]), fileName };
}

/** Each admin route answers an unknown id, a non-id and a non-administrator the same way. */
function expectRefusals(path: (params: Record<string, string>) => string, forbidden: string, init?: RequestInit) {
  it('refuses an unknown event id (404) and a value that is not an id (400) clearly', async () => {
    const unknown = await asAdmin(path({ event: UNKNOWN_ID }), init);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: 404, message: UNKNOWN_MESSAGE, data: { event: { code: 'not_found', message: UNKNOWN_MESSAGE } } });
    const malformed = await asAdmin(path({ event: "x' OR 1=1 --" }), init);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('The event must be given by its id.');
  });

  it('refuses guests (401) and attendees (403) before looking at the event', async () => {
    for (const event of [earlier.id, UNKNOWN_ID]) {
      const guest = await call(path({ event }), undefined, init);
      expect(guest.status).toBe(401);
      const refused = await call(path({ event }), attendeeUser.client.authStore.token, init);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(forbidden);
      expect(refused.text).not.toContain('Earlier');
    }
  });
}

describe('GET /api/masterclass/attendees (the Manage Attendees list)', () => {
  it("lists the named masterclass's attendees only, a draft's too", async () => {
    expect(await listNames({ event: earlier.id })).toEqual({ names: ['Bea Earlier', 'Ben Earlier', 'Bob Earlier'], totalItems: 3 });
    expect(await listNames({ event: seeded.id })).toEqual({ names: ['Ada Seeded', 'Alan Seeded'], totalItems: 2 });
    expect(await listNames({ event: draft.id })).toEqual({ names: ['Cy Draft'], totalItems: 1 });
  });

  it("lists the featured masterclass's attendees when none is named", async () => {
    expect(await listNames({})).toEqual({ names: ['Ada Seeded', 'Alan Seeded'], totalItems: 2 });
  });

  it('filters, sorts, pages and counts within the masterclass', async () => {
    expect(await listNames({ event: earlier.id, q: 'engines' })).toEqual({ names: ['Bea Earlier'], totalItems: 1 });
    expect(await listNames({ q: 'engines' })).toEqual({ names: ['Ada Seeded', 'Alan Seeded'], totalItems: 2 });
    // A first page shorter than the event's count: the count is the event's, not everyone's.
    const page = await asAdmin(`/api/masterclass/attendees${query({ event: earlier.id, perPage: '2', sort: '-full_name' })}`);
    expect(page.body).toMatchObject({ totalItems: 3, totalPages: 2 });
    expect(page.body.items.map((item: { full_name: string }) => item.full_name)).toEqual(['Bob Earlier', 'Ben Earlier']);
    for (const sort of ['-created', 'email', 'company', 'registration_status', 'user.role', '-invitation_sent']) {
      const answer = await asAdmin(`/api/masterclass/attendees${query({ event: earlier.id, sort })}`);
      expect(answer.body.items.map((item: { full_name: string }) => item.full_name).sort(), sort).toEqual(['Bea Earlier', 'Ben Earlier', 'Bob Earlier']);
    }
  });

  expectRefusals((params) => `/api/masterclass/attendees${query(params)}`, 'Only administrators can list attendees.');
});

describe('GET /api/masterclass/attendees.csv (the export)', () => {
  it("exports the named masterclass's attendees, in a file named after its date", async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Adelaide' }).format(new Date());
    const named = await csvNames({ event: earlier.id });
    expect(named.names).toEqual(['Bea Earlier', 'Ben Earlier', 'Bob Earlier']);
    expect(named.fileName).toBe(`attendees-masterclass-2024-11-13-exported-${today}.csv`);
    expect(await csvNames({ event: earlier.id, q: 'labs' })).toMatchObject({ names: ['Ben Earlier', 'Bob Earlier'] });
    expect((await csvNames({ event: draft.id })).names).toEqual(['Cy Draft']);
  });

  it("exports the featured masterclass's attendees when none is named", async () => {
    const featured = await csvNames({});
    expect(featured.names).toEqual(['Ada Seeded', 'Alan Seeded']);
    expect(featured.fileName).toMatch(/^attendees-masterclass-2025-06-18-exported-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  expectRefusals((params) => `/api/masterclass/attendees.csv${query(params)}`, 'Only administrators can export attendees.');
});

describe('GET /api/masterclass/admin/analytics', () => {
  it("counts the named masterclass's figures only", async () => {
    const answer = await asAdmin(`/api/masterclass/admin/analytics?event=${earlier.id}`);
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect(body.event.id).toBe(earlier.id);
    expect(body.seats).toMatchObject({ capacity: 30, taken: 2, held: 0, observers: 1 });
    expect(body.revenue).toMatchObject({ grossCents: 50000, refundedCents: 0, netCents: 50000 });
    expect(body.registrationsPerDay.map(({ paid, promo, waitlist }: Record<string, number>) => ({ paid, promo, waitlist }))).toEqual([{ paid: 1, promo: 1, waitlist: 0 }]);
    expect(body.attendeesByRole).toEqual([{ label: 'Executive Leader / Founder', count: 2 }, { label: 'AI-Curious Professional', count: 1 }]);
    expect(body.attendeesByUtmSource).toEqual([{ label: 'linkedin', count: 2 }, { label: '', count: 1 }]);
    expect(body).toMatchObject({ attendees: 3, waitlist: 0, invitationsSent: 0, invitationsPending: 3, accountsCreated: 1 });
    // The tools: only what the accounts of this masterclass's attendees made.
    expect(body.tools).toEqual({ assessmentsCompleted: 0, assessmentUsers: 0, businessCases: 2, businessCaseUsers: 1 });
  });

  it("counts the featured masterclass's figures when none is named", async () => {
    const answer = await asAdmin('/api/masterclass/admin/analytics');
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect(body.event.id).toBe(seeded.id);
    expect(body.seats).toMatchObject({ taken: 1, observers: 0 });
    expect(body.revenue).toMatchObject({ grossCents: 20000, netCents: 20000 });
    expect(body.attendeesByRole).toEqual([{ label: 'Senior Manager', count: 1 }]);
    expect(body).toMatchObject({ attendees: 1, waitlist: 1, invitationsPending: 1, accountsCreated: 1 });
    expect(body.tools).toEqual({ assessmentsCompleted: 1, assessmentUsers: 1, businessCases: 0, businessCaseUsers: 0 });
    const draftFigures = await asAdmin(`/api/masterclass/admin/analytics?event=${draft.id}`);
    expect(draftFigures.body).toMatchObject({ event: { id: draft.id }, attendees: 1, revenue: { grossCents: 0 } });
  });

  expectRefusals((params) => `/api/masterclass/admin/analytics${query(params)}`, "Only administrators can see the event's analytics.");
});

describe('bulk invitations', () => {
  const pending = async (params: Record<string, string>) => (await asAdmin(`/api/masterclass/attendees/invitations/pending${query(params)}`)).body.pending;
  const invited = async (name: string) => (await su.collection('attendees').getOne(rows[name].id)).invitation_sent;

  it("count and invite the named masterclass's confirmed attendees only", async () => {
    expect(await pending({ event: earlier.id })).toBe(3);
    expect(await pending({})).toBe(1);
    const run = await asAdmin('/api/masterclass/attendees/invitations', { method: 'POST', body: JSON.stringify({ event: earlier.id, batchSize: 50 }) });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ sent: 3, failed: 0, skipped: 0, remaining: 0 });
    for (const name of ['Bea Earlier', 'Ben Earlier', 'Bob Earlier']) expect(await invited(name), name).toBe(true);
    for (const name of ['Ada Seeded', 'Cy Draft']) expect(await invited(name), name).toBe(false);
    expect(await pending({ event: earlier.id })).toBe(0);
    // Without an event: the featured one's.
    expect(await pending({})).toBe(1);
    const featured = await asAdmin('/api/masterclass/attendees/invitations', { method: 'POST', body: JSON.stringify({ batchSize: 50 }) });
    expect(featured.body).toMatchObject({ sent: 1, remaining: 0 });
    expect(await invited('Ada Seeded')).toBe(true);
    expect(await invited('Cy Draft')).toBe(false);
  });

  it('refuses an unknown event id and sends nothing', async () => {
    const before = (await su.collection('emails').getList(1, 1, { filter: 'template = "user_account_invite"' })).totalItems;
    const unknown = await asAdmin('/api/masterclass/attendees/invitations', { method: 'POST', body: JSON.stringify({ event: UNKNOWN_ID }) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(UNKNOWN_MESSAGE);
    expect((await asAdmin(`/api/masterclass/attendees/invitations/pending?event=${UNKNOWN_ID}`)).status).toBe(404);
    expect((await asAdmin('/api/masterclass/attendees/invitations', { method: 'POST', body: JSON.stringify({ event: 42 }) })).status).toBe(400);
    expect((await su.collection('emails').getList(1, 1, { filter: 'template = "user_account_invite"' })).totalItems).toBe(before);
    expect(await invited('Cy Draft')).toBe(false);
  });

  expectRefusals((params) => `/api/masterclass/attendees/invitations/pending${query(params)}`, 'Only administrators can send invitations.');
});
