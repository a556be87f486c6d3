// GET /api/masterclass/attendees, the Manage Attendees table's list, against a
// real PocketBase: administrators and superusers only (guests 401, everyone
// else 403, nothing read first); one page with its count and each attendee's
// account role; one search (`q`: every word in the name, email or company,
// a contains with % and _ literal, ignoring accents and letter case in any
// script, tests/support/unicode-names.ts; or a ticket code typed with or
// without its groups), bound as parameters, so no search or sort text reaches
// the SQL; the status chips' counts and the page of one chip; a clear 400 for
// a search, status or page that is not valid; every sortable column both
// ways, ties in creation order; the same counts and order as the records API.
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
import { createUser, serverForFile, unique, type TestUser } from './helpers';
import { COMBINING_DIAERESIS, UNICODE_PEOPLE, person } from '../support/unicode-names';

let server: TestServer;
let su: PocketBase;
let admin: TestUser;
let attendeeUser: TestUser;
let eventId: string;
let registrationId: string;

serverForFile((started) => ({ server, su } = started));

beforeAll(async () => {
  [admin, attendeeUser] = await Promise.all([createUser(server, su, 'administrator'), createUser(server, su, 'attendee')]);
  eventId = (await masterclassEvent(su)).id;
  registrationId = (await su.collection('registrations').create({
    event: eventId, kind: 'promo', status: 'completed', primary_email: 'list@example.com', currency: 'AUD', total_amount_cents: 0,
  })).id;
});

/** Attendees one after the other (so `created` and insertion order agree). */
async function arrange(people: Record<string, unknown>[]): Promise<RecordModel[]> {
  const created: RecordModel[] = [];
  for (const fields of people) {
    created.push(await su.collection('attendees').create({
      registration: registrationId,
      event: eventId,
      full_name: 'Plain Person',
      email: `${unique('list-')}@example.com`,
      registration_status: 'confirmed',
      privacy_consent: true,
      ...fields,
    }));
  }
  return created;
}

interface Item {
  id: string;
  full_name: string;
  email: string;
  company: string;
  job_title: string;
  role: string;
  registration_status: string;
  invitation_sent: boolean;
  user_role: string;
  created: string;
  [key: string]: unknown;
}

interface ListAnswer {
  status: number;
  body: { page: number; perPage: number; totalItems: number; totalPages: number; counts: Record<string, number>; items: Item[]; message?: string };
  text: string;
  headers: Headers;
}

async function list(params: Record<string, string | number>, token?: string): Promise<ListAnswer> {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();
  const response = await fetch(`${server.url}/api/masterclass/attendees${query ? `?${query}` : ''}`, {
    headers: token ? { Authorization: token } : {},
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text), text, headers: response.headers };
}

const adminList = async (params: Record<string, string | number>) => {
  const answer = await list(params, admin.client.authStore.token);
  expect(answer.status).toBe(200);
  return answer.body;
};
const namesOf = async (params: Record<string, string | number>) => (await adminList({ perPage: 100, ...params })).items.map((item) => item.full_name);

describe('who may list', () => {
  it('refuses guests (401) and attendees (403) before reading anything, and answers administrators and superusers', async () => {
    const company = unique('Who ');
    await arrange([{ full_name: 'Visible To Admins', company, user: attendeeUser.id }]);

    const guest = await list({ q: company });
    expect(guest.status).toBe(401);
    expect(guest.text).not.toContain('Visible To Admins');

    // Even the attendee whose own row it is.
    const attendee = await list({ q: company }, attendeeUser.client.authStore.token);
    expect(attendee.status).toBe(403);
    expect(attendee.body).toMatchObject({ status: 403, message: 'Only administrators can list attendees.' });
    expect(attendee.text).not.toContain('Visible To Admins');

    expect((await adminList({ q: company })).items.map((item) => item.full_name)).toEqual(['Visible To Admins']);
    const superuser = await list({ q: company }, su.authStore.token);
    expect(superuser.status).toBe(200);
    expect(superuser.body.totalItems).toBe(1);
  });
});

describe('the page', () => {
  it('holds the table\'s fields, the account role and the count, as JSON', async () => {
    const company = unique('Shape ');
    const sentAt = '2026-03-04 05:06:07.000Z';
    const [linked, unlinked] = await arrange([
      {
        full_name: 'Linked Person', company, job_title: 'Director', role: 'Senior Manager', phone_number: '+61 400 000 000',
        dietary_requirements: 'Vegan', registration_status: 'confirmed_observer', invitation_sent: true, invitation_sent_at: sentAt,
        marketing_consent: true, user: admin.id,
      },
      { full_name: 'Unlinked Person', company, registration_status: 'waitlisted', privacy_consent: false },
    ]);
    const answer = await list({ q: company, sort: 'full_name', page: 1, perPage: 20 }, admin.client.authStore.token);
    // what the table's actions and extra columns read: a free registration, no check-in, refund or offer
    const extra = {
      event: eventId, waitlist_confirmed: false, open_offer_expires_at: '', checked_in_at: '', amount_paid_cents: 0, currency: 'AUD',
      registration_kind: 'promo', manual_basis: '', added_reason: '', added_by: '', refund_cents: 0, refund_status: '', order_refund_cents: 0, transferred_to: '',
    };
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual({
      page: 1,
      perPage: 20,
      totalItems: 2,
      totalPages: 1,
      counts: { all: 2, confirmed: 0, observer: 1, waitlisted: 1, cancelled: 0, transferred: 0, checked_in: 0, refunded: 0 },
      items: [
        {
          id: linked.id, full_name: 'Linked Person', email: linked.email, company, job_title: 'Director', role: 'Senior Manager',
          phone_number: '+61 400 000 000', dietary_requirements: 'Vegan', registration_status: 'confirmed_observer',
          invitation_sent: true, invitation_sent_at: sentAt, marketing_consent: true, privacy_consent: true,
          user: admin.id, user_role: 'administrator', created: linked.created, ...extra,
        },
        {
          id: unlinked.id, full_name: 'Unlinked Person', email: unlinked.email, company, job_title: '', role: '',
          phone_number: '', dietary_requirements: '', registration_status: 'waitlisted',
          invitation_sent: false, invitation_sent_at: '', marketing_consent: false, privacy_consent: false,
          user: '', user_role: '', created: unlinked.created, ...extra,
        },
      ],
    });
  });

  it('pages newest first by default, counts every page, and answers past the end with no rows', async () => {
    const company = unique('Paging ');
    await arrange(Array.from({ length: 25 }, (_, index) => ({ company, full_name: `Person ${String(index).padStart(2, '0')}` })));
    const first = await adminList({ q: company, perPage: 10 });
    expect(first).toMatchObject({ page: 1, perPage: 10, totalItems: 25, totalPages: 3 });
    expect(first.items.map((item) => item.full_name)).toEqual(Array.from({ length: 10 }, (_, index) => `Person ${24 - index}`));
    const last = await adminList({ q: company, perPage: 10, page: 3 });
    expect(last).toMatchObject({ page: 3, totalItems: 25, totalPages: 3 });
    expect(last.items.map((item) => item.full_name)).toEqual(['Person 04', 'Person 03', 'Person 02', 'Person 01', 'Person 00']);
    const full = await adminList({ q: company, perPage: 5, page: 5 });
    expect(full).toMatchObject({ totalItems: 25, totalPages: 5 });
    expect(full.items).toHaveLength(5);
    const beyond = await adminList({ q: company, perPage: 10, page: 4 });
    expect(beyond).toMatchObject({ page: 4, totalItems: 25, totalPages: 3, items: [] });
    // Nothing matches: an empty first page.
    expect(await adminList({ q: `${company} nobody-by-this-name` })).toMatchObject({ page: 1, totalItems: 0, totalPages: 0, items: [] });
  });

  it('refuses nonsense with a 400 that says what is wrong, and reads nothing', async () => {
    const company = unique('Refused ');
    await arrange([{ company, full_name: 'Never Shown' }]);
    const cases: [Record<string, string | number>, string, string][] = [
      [{ q: 'a'.repeat(201) }, 'q', 'A search may be at most 200 characters long.'],
      [{ q: '𠮷'.repeat(201) }, 'q', 'A search may be at most 200 characters long.'],
      [{ q: Array.from({ length: 13 }, (_, index) => `w${index}`).join(' ') }, 'q', 'A search may have at most 12 words.'],
      [{ q: company, status: 'vip' }, 'status', 'Unknown status: use one of confirmed, observer, waitlisted, cancelled, transferred, checked_in, refunded.'],
      [{ q: company, status: "confirmed' OR 1=1 --" }, 'status', 'Unknown status: use one of confirmed, observer, waitlisted, cancelled, transferred, checked_in, refunded.'],
      [{ q: company, page: 'x' }, 'page', 'page must be a whole number from 1.'],
      [{ q: company, page: 0 }, 'page', 'page must be a whole number from 1.'],
      [{ q: company, page: '1; DROP TABLE attendees' }, 'page', 'page must be a whole number from 1.'],
      [{ q: company, perPage: -3 }, 'perPage', 'perPage must be a whole number from 1 to 500.'],
      [{ q: company, perPage: 100_000 }, 'perPage', 'perPage must be a whole number from 1 to 500.'],
      [{ q: company, perPage: '2.5' }, 'perPage', 'perPage must be a whole number from 1 to 500.'],
      [{ name: 'Never' }, 'name', 'Search with q: one search over name, email, company and ticket code replaces the name, email and company filters.'],
      [{ company }, 'company', 'Search with q: one search over name, email, company and ticket code replaces the name, email and company filters.'],
    ];
    for (const [params, field, message] of cases) {
      const answer = await list(params, admin.client.authStore.token);
      expect(answer.status, JSON.stringify(params)).toBe(400);
      expect(answer.body.message, JSON.stringify(params)).toBe(message);
      expect((answer.body as unknown as { data: Record<string, { message: string }> }).data[field].message).toBe(message);
      expect(answer.text).not.toContain('Never Shown');
    }
    // 200 characters (beyond U+FFFF counted as one each) and 12 words are fine.
    expect((await list({ q: '𠮷'.repeat(200) }, admin.client.authStore.token)).status).toBe(200);
    expect((await list({ q: `${company} ${Array.from({ length: 10 }, () => 'e').join(' ')}` }, admin.client.authStore.token)).body.totalItems).toBe(1);
  });
});

describe('the search', () => {
  it('finds every word in the name, email or company, in any case: a company search finds its people', async () => {
    const company = unique('Filter Co ');
    const tag = unique('tag');
    await arrange([
      { company, full_name: 'Alice Walker', email: `${tag}-alice@example.com` },
      { company, full_name: 'Bob Alison', email: `${tag}-bob@example.org` },
      { company, full_name: 'Carol Jones', email: `${tag}-carol@example.com` },
      { company: unique('Other '), full_name: 'Alice Elsewhere', email: `${tag}-else@example.com` },
      { company: `Becker Wines ${tag}`, full_name: 'Dieter Vogel', email: `${tag}-dieter@example.net` },
    ]);
    expect(await namesOf({ q: company.toUpperCase() })).toEqual(['Carol Jones', 'Bob Alison', 'Alice Walker']);
    expect(await namesOf({ q: `${company} ALI` })).toEqual(['Bob Alison', 'Alice Walker']);
    expect(await namesOf({ q: ` ali  ${company} .com ` })).toEqual(['Alice Walker']);
    expect(await namesOf({ q: tag.toUpperCase(), sort: 'full_name' })).toEqual(['Alice Elsewhere', 'Alice Walker', 'Bob Alison', 'Carol Jones', 'Dieter Vogel']);
    // The company, typed in any case, finds the person (the name search of old did not).
    expect(await namesOf({ q: `becker wines ${tag}` })).toEqual(['Dieter Vogel']);
    expect(await namesOf({ q: `${tag} BECKER` })).toEqual(['Dieter Vogel']);
    // A word may not run from one field into the next.
    expect(await namesOf({ q: `${tag} vogel${tag}` })).toEqual([]);
  });

  it('finds a ticket code typed whole, in its groups of four, with dashes or in capitals', async () => {
    const company = unique('Ticket ');
    const [holder, other] = await arrange([{ company, full_name: 'Tess Ticket' }, { company, full_name: 'Otto Other' }]);
    const code = (await su.collection('attendees').getOne(holder.id)).ticket_code as string;
    const otherCode = (await su.collection('attendees').getOne(other.id)).ticket_code as string;
    expect(code).toMatch(/^[a-z0-9]{26}$/);
    expect(otherCode).not.toBe(code);
    const grouped = code.replace(/(.{4})(?=.)/g, '$1 ');
    for (const typed of [code, grouped, code.toUpperCase(), grouped.replace(/ /g, '-'), ` ${grouped.slice(0, 9)} `, code.slice(5, 13)]) {
      expect(await namesOf({ q: typed }), typed).toEqual(['Tess Ticket']);
    }
    // Fewer than six of its symbols is not taken for a ticket code.
    expect(await namesOf({ q: `${company} ${code.slice(0, 5)}` })).toEqual([]);
  });

  it('takes % and _ literally, and quotes and backslashes as text', async () => {
    const company = unique('Wild ');
    await arrange([
      { company, full_name: 'Under_Score' },
      { company, full_name: 'UnderXScore' },
      { company, full_name: '100% Sure' },
      { company, full_name: '1000 Sure' },
      { company, full_name: "O'Brien \"Quoted\"" },
      { company, full_name: 'Back\\Slash' },
    ]);
    const names = (word: string) => namesOf({ q: `${company} ${word}`, sort: 'full_name' });
    expect(await names('r_s')).toEqual(['Under_Score']);
    expect(await names('_')).toEqual(['Under_Score']);
    expect(await names('0%')).toEqual(['100% Sure']);
    expect(await names('1%sure')).toEqual([]);
    expect(await names("o'brien")).toEqual(["O'Brien \"Quoted\""]);
    expect(await names('"quoted"')).toEqual(["O'Brien \"Quoted\""]);
    expect(await names('k\\s')).toEqual(['Back\\Slash']);
  });

  it('ignores accents and letter case in any script, as the door search does: 𠮷田, Zoë, Arabic, Hebrew, emoji', async () => {
    const company = unique('Fold ');
    const [precomposed, combining] = UNICODE_PEOPLE.filter((entry) => entry.label.endsWith('accent'));
    await arrange([
      ...UNICODE_PEOPLE.map((entry) => ({ company: `${company} ${entry.company}`, full_name: entry.fullName })),
      { company, full_name: 'ZOE BLOGGS' },
      // Arabic and Hebrew with their vowel signs (combining marks), Japanese with a combining voiced mark
      { company, full_name: 'زَيْنَب الحَسَيْنِي' },
      { company, full_name: 'שָׂרָה כֹּהֵן' },
      { company, full_name: 'ｼﾞｮｰ Full Width' },
      { company, full_name: 'Strauß Weiß' },
    ]);
    const names = async (word: string) => (await namesOf({ q: `${company} ${word}` })).sort();
    const zoes = [precomposed.fullName, combining.fullName, 'ZOE BLOGGS'].sort();
    expect(await names('Zoe')).toEqual(zoes);
    expect(await names('zoë')).toEqual(zoes);
    expect(await names('ZOË')).toEqual(zoes);
    expect(await names(`zoe${COMBINING_DIAERESIS}`)).toEqual(zoes);
    expect(await names('angstrom')).toEqual([precomposed.fullName]);
    expect(await names('زينب')).toEqual(['زَيْنَب الحَسَيْنِي', person('Arabic').fullName].sort());
    expect(await names('الحسيني')).toEqual(['زَيْنَب الحَسَيْنِي', person('Arabic').fullName].sort());
    expect(await names('שרה')).toEqual(['שָׂרָה כֹּהֵן', person('Hebrew').fullName].sort());
    expect(await names('𠮷田')).toEqual([person('beyond U+FFFF').fullName]);
    expect(await names('田 太')).toEqual([person('beyond U+FFFF').fullName]);
    expect(await names('🎉')).toEqual([person('emoji').fullName]);
    expect(await names('👩‍👩‍👧')).toEqual([person('ZWJ family emoji').fullName]);
    expect(await names('ジョー')).toEqual(['ｼﾞｮｰ Full Width']);
    expect(await names('STRAUSS')).toEqual(['Strauß Weiß']);
    expect(await names('weiss')).toEqual(['Strauß Weiß']);
    // the company folds alike
    expect(await names('societe generale cote')).toEqual([precomposed.fullName]);
    expect(await names('CAFÉ MÃO')).toEqual([combining.fullName]);
    expect(await names('𠮷野家')).toEqual([person('beyond U+FFFF').fullName]);
    expect(await names('شركة')).toEqual([person('Arabic').fullName]);
    // names come back exactly as stored: folding is for comparing only
    expect(await names('zoe ravn')).toEqual([combining.fullName]);
    expect((await names('zoe ravn'))[0]).toContain(COMBINING_DIAERESIS);
  });

  it('is a parameter, never SQL: injection attempts match nothing and change nothing', async () => {
    const company = unique('Inject ');
    const [row] = await arrange([{ company, full_name: 'Robert Tables' }]);
    const attempts = [
      "' OR '1'='1",
      "%' OR 1=1 --",
      "') OR 1=1 --",
      '" OR ""="',
      "x' UNION SELECT password, email FROM users --",
      "'; DROP TABLE attendees; --",
      '{:word0}',
      '{:event}',
      '[[full_name]]',
    ];
    for (const attempt of attempts) {
      expect(await adminList({ q: attempt }), attempt).toMatchObject({ totalItems: 0, items: [], counts: { all: 0 } });
      // Beside words that match, still only what all match (nothing).
      expect((await adminList({ q: `${company} ${attempt}` })).items).toEqual([]);
    }
    // The sort is picked from a fixed list: anything else is newest first, never SQL.
    for (const sort of ['full_name; DROP TABLE attendees; --', '(SELECT password FROM users)', 'full_name DESC, (SELECT 1)', 'password', '-tokenKey']) {
      expect((await adminList({ q: company, sort })).items.map((item) => item.id)).toEqual([row.id]);
    }
    expect((await su.collection('attendees').getOne(row.id)).full_name).toBe('Robert Tables');
    expect((await adminList({ q: company })).totalItems).toBe(1);
    expect(JSON.stringify(await adminList({ q: "x' UNION SELECT password, email FROM users --" }))).not.toContain('password');
  });
});

describe('the status chips', () => {
  it('count each status for the masterclass and the search, and filter the page by one', async () => {
    const company = unique('Chips ');
    const [, , , , cancelled, passedOn, , refundedSeat] = await arrange([
      { company, full_name: 'Cara Confirmed' },
      { company, full_name: 'Cody Confirmed' },
      { company, full_name: 'Olly Observer', registration_status: 'confirmed_observer' },
      { company, full_name: 'Wanda Waitlisted', registration_status: 'waitlisted' },
      { company, full_name: 'Carl Cancelled', registration_status: 'cancelled', cancelled_by: 'attendee' },
      { company, full_name: 'Tara Transferred', registration_status: 'cancelled', cancelled_by: 'substitution' },
      { company, full_name: 'Zoë Colleague' },
      { company, full_name: 'Rhea Refunded', registration_status: 'cancelled', cancelled_by: 'administrator' },
    ]);
    const rows = await su.collection('attendees').getFullList({ filter: su.filter('company = {:company}', { company }) });
    const byName = Object.fromEntries(rows.map((row) => [row.full_name, row]));
    await su.collection('attendees').update(byName['Zoë Colleague'].id, { replaces: passedOn.id });
    // Cara and Olly checked in at the door; Cody's check-in was undone.
    for (const [name, undone] of [['Cara Confirmed', ''], ['Olly Observer', ''], ['Cody Confirmed', '2031-01-01 00:10:00.000Z']]) {
      await su.collection('check_ins').create({
        attendee: byName[name].id, event: eventId, method: 'scan', scanned_at: '2031-01-01 00:05:00.000Z', received_at: '2031-01-01 00:05:01.000Z',
        ordered_at: '2031-01-01 00:05:00.000Z', device_name: 'Door 1', undone_at: undone,
      });
    }
    // Rhea's seat refunded; Carl's refund failed (not refunded).
    await su.collection('payment_actions').create({
      registration: registrationId, attendee: refundedSeat.id, kind: 'refund', status: 'done', amount_cents: 12_375, payment_intent: 'pi_chips_refund', idempotency_key: unique('refund-'),
    });
    await su.collection('payment_actions').create({
      registration: registrationId, attendee: cancelled.id, kind: 'refund', status: 'failed', amount_cents: 5_000, payment_intent: 'pi_chips_refund', idempotency_key: unique('refund-'),
    });

    const expected = { all: 8, confirmed: 3, observer: 1, waitlisted: 1, cancelled: 2, transferred: 1, checked_in: 2, refunded: 1 };
    const answer = await adminList({ q: company, perPage: 100 });
    expect(answer.counts).toEqual(expected);
    expect(answer.totalItems).toBe(8);
    const chipNames: Record<string, string[]> = {
      confirmed: ['Cara Confirmed', 'Cody Confirmed', 'Zoë Colleague'],
      observer: ['Olly Observer'],
      waitlisted: ['Wanda Waitlisted'],
      cancelled: ['Carl Cancelled', 'Rhea Refunded'],
      transferred: ['Tara Transferred'],
      checked_in: ['Cara Confirmed', 'Olly Observer'],
      refunded: ['Rhea Refunded'],
    };
    for (const [status, names] of Object.entries(chipNames)) {
      const filtered = await adminList({ q: company, status, perPage: 100, sort: 'full_name' });
      expect(filtered.items.map((item) => item.full_name), status).toEqual(names);
      // the page's count is its chip's; the chips still count the whole search
      expect(filtered.totalItems, status).toBe(expected[status as keyof typeof expected]);
      expect(filtered.counts).toEqual(expected);
    }
    // the search narrows the counts too
    expect((await adminList({ q: `${company} confirmed` })).counts).toEqual({ all: 2, confirmed: 2, observer: 0, waitlisted: 0, cancelled: 0, transferred: 0, checked_in: 1, refunded: 0 });
    expect((await adminList({ q: `${company} zoe` })).counts).toEqual({ all: 1, confirmed: 1, observer: 0, waitlisted: 0, cancelled: 0, transferred: 0, checked_in: 0, refunded: 0 });
    // paging within a chip counts the chip's rows
    expect(await adminList({ q: company, status: 'confirmed', perPage: 2, page: 2 })).toMatchObject({ totalItems: 3, totalPages: 2 });
    // the masterclass's counts are the event's alone
    const other = await su.collection('events').create({
      title: 'Another masterclass', starts_at: '2041-09-17 00:00:00.000Z', ends_at: '2041-09-17 03:00:00.000Z', timezone: 'Australia/Adelaide',
      location: 'Adelaide, South Australia', venue: 'Lot Fourteen', capacity: 10, max_per_registration: 10, price_cents: 49500, currency: 'AUD',
      sales_state: 'closed', portal_unlock_at: '2041-09-16 23:00:00.000Z', published: false,
    });
    expect((await adminList({ q: company, event: other.id })).counts).toMatchObject({ all: 0, confirmed: 0 });
  });
});

describe('order', () => {
  it('sorts by every column both ways, ties in creation order, the account role empty first', async () => {
    const company = unique('Sort ');
    const people = await arrange([
      { company, full_name: 'Cleo', job_title: 'Analyst', role: 'Senior Manager', registration_status: 'waitlisted', invitation_sent: true },
      { company, full_name: 'Abe', job_title: 'Director', role: 'AI-Curious Professional', registration_status: 'confirmed', user: attendeeUser.id },
      { company, full_name: 'Bea', job_title: 'Analyst', role: '', registration_status: 'cancelled', invitation_sent: true, user: admin.id },
      { company, full_name: 'Dan', job_title: 'Consultant', role: 'Senior Manager', registration_status: '' },
    ]);
    const byName = Object.fromEntries(people.map((person) => [person.full_name, person]));
    const order = async (sort: string) => namesOf({ q: company, sort });
    const reversed = (names: string[]) => [...names].reverse();
    const expectations: Record<string, string[]> = {
      full_name: ['Abe', 'Bea', 'Cleo', 'Dan'],
      email: [...people].sort((a, b) => (a.email < b.email ? -1 : 1)).map((person) => person.full_name),
      created: ['Cleo', 'Abe', 'Bea', 'Dan'],
      // Ties (Analyst twice) in creation order ascending, the reverse descending.
      job_title: ['Cleo', 'Bea', 'Dan', 'Abe'],
      role: ['Bea', 'Abe', 'Cleo', 'Dan'],
      registration_status: ['Dan', 'Bea', 'Abe', 'Cleo'],
      invitation_sent: ['Abe', 'Dan', 'Cleo', 'Bea'],
      'user.role': ['Cleo', 'Dan', 'Bea', 'Abe'],
      // nobody checked in and nobody paid: ties, in creation order
      checked_in_at: ['Cleo', 'Abe', 'Bea', 'Dan'],
      amount_paid: ['Cleo', 'Abe', 'Bea', 'Dan'],
    };
    for (const [sort, names] of Object.entries(expectations)) {
      expect(await order(sort), sort).toEqual(names);
      expect(await order(`-${sort}`), `-${sort}`).toEqual(reversed(names));
    }
    expect(byName.Abe.user).toBe(attendeeUser.id);
    // No sort at all: newest first.
    expect(await namesOf({ q: company })).toEqual(reversed(expectations.created));
  });

  it('counts and orders as the records API does (each word with ~ over name, email and company, the role expanded)', async () => {
    const company = unique('Parity ');
    const names = ['Zoë', 'ada', 'Ada', 'Łukasz', 'Mei', 'Tim', 'Ken', 'Hedy'];
    await arrange(names.map((name, index) => ({
      company,
      full_name: `${name} ${index % 3 === 0 ? 'Hopper' : 'Lovelace'}`,
      job_title: ['Director', 'Analyst', 'Engineer'][index % 3],
      role: ['Senior Manager', 'AI-Curious Professional', ''][index % 3],
      registration_status: ['confirmed', 'waitlisted', 'cancelled', 'confirmed_observer'][index % 4],
      invitation_sent: index % 2 === 0,
      user: index === 1 ? admin.id : index === 2 ? attendeeUser.id : '',
    })));
    const sorts = ['-created', 'full_name', '-full_name', 'email', 'company', 'job_title', '-role', 'registration_status', '-invitation_sent', 'user.role', '-user.role'];
    const words = ['', 'hop', 'a', 'nobody'];
    for (const word of words) {
      for (const sort of sorts) {
        const filters = { word };
        const filter = [
          admin.client.filter('company ~ {:company}', { company }),
          word ? admin.client.filter('(full_name ~ {:word} || email ~ {:word} || company ~ {:word})', { word }) : '',
        ].filter(Boolean).join(' && ');
        const before = await admin.client.collection('attendees').getList(1, 3, { filter, sort, expand: 'user' });
        const now = await adminList({ q: `${company} ${word}`.trim(), sort, perPage: 3 });
        const key = (item: Record<string, unknown>, role: unknown) => (sort.replace(/^-/, '') === 'user.role' ? role ?? '' : item[sort.replace(/^-/, '')]);
        expect([now.totalItems, now.totalPages], `${JSON.stringify(filters)} ${sort}`).toEqual([before.totalItems, before.totalPages]);
        expect(now.items.map((item) => key(item, item.user_role)), `${JSON.stringify(filters)} ${sort}`)
          .toEqual(before.items.map((item) => key(item, (item.expand?.user as RecordModel | undefined)?.role)));
      }
    }
  });
});
