// GET /api/masterclass/attendees, the Manage Attendees table's list, against a
// real PocketBase: administrators and superusers only (guests 401, everyone
// else 403, nothing read first); one page with its count and each attendee's
// account role; the filters as PocketBase's `~` (contains, % and _ literal)
// but ignoring accents and letter case in any script (tests/support/unicode-names.ts),
// and bound as parameters, so no filter or sort text reaches the SQL;
// every sortable column both ways, ties in creation order; the same counts
// and order as the records API the page used before.
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
  body: { page: number; perPage: number; totalItems: number; totalPages: number; items: Item[]; message?: string };
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

    const guest = await list({ company });
    expect(guest.status).toBe(401);
    expect(guest.text).not.toContain('Visible To Admins');

    // Even the attendee whose own row it is.
    const attendee = await list({ company }, attendeeUser.client.authStore.token);
    expect(attendee.status).toBe(403);
    expect(attendee.body).toMatchObject({ status: 403, message: 'Only administrators can list attendees.' });
    expect(attendee.text).not.toContain('Visible To Admins');

    expect((await adminList({ company })).items.map((item) => item.full_name)).toEqual(['Visible To Admins']);
    const superuser = await list({ company }, su.authStore.token);
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
    const answer = await list({ company, sort: 'full_name', page: 1, perPage: 20 }, admin.client.authStore.token);
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
    const first = await adminList({ company, perPage: 10 });
    expect(first).toMatchObject({ page: 1, perPage: 10, totalItems: 25, totalPages: 3 });
    expect(first.items.map((item) => item.full_name)).toEqual(Array.from({ length: 10 }, (_, index) => `Person ${24 - index}`));
    const last = await adminList({ company, perPage: 10, page: 3 });
    expect(last).toMatchObject({ page: 3, totalItems: 25, totalPages: 3 });
    expect(last.items.map((item) => item.full_name)).toEqual(['Person 04', 'Person 03', 'Person 02', 'Person 01', 'Person 00']);
    const full = await adminList({ company, perPage: 5, page: 5 });
    expect(full).toMatchObject({ totalItems: 25, totalPages: 5 });
    expect(full.items).toHaveLength(5);
    const beyond = await adminList({ company, perPage: 10, page: 4 });
    expect(beyond).toMatchObject({ page: 4, totalItems: 25, totalPages: 3, items: [] });
    // Nonsense paging falls back to page 1 of 20; a huge page is capped.
    expect(await adminList({ company, page: 'x', perPage: -3 })).toMatchObject({ page: 1, perPage: 20, totalItems: 25, totalPages: 2 });
    expect(await adminList({ company, perPage: 100_000 })).toMatchObject({ perPage: 500, totalPages: 1 });
    // Nothing matches: an empty first page.
    expect(await adminList({ company, name: 'nobody-by-this-name' })).toMatchObject({ page: 1, totalItems: 0, totalPages: 0, items: [] });
  });
});

describe('filters', () => {
  it('are contains, in any case, for name, email and company, all together', async () => {
    const company = unique('Filter Co ');
    const tag = unique('tag');
    await arrange([
      { company, full_name: 'Alice Walker', email: `${tag}-alice@example.com` },
      { company, full_name: 'Bob Alison', email: `${tag}-bob@example.org` },
      { company, full_name: 'Carol Jones', email: `${tag}-carol@example.com` },
      { company: unique('Other '), full_name: 'Alice Elsewhere', email: `${tag}-else@example.com` },
    ]);
    expect(await namesOf({ company: company.toUpperCase() })).toEqual(['Carol Jones', 'Bob Alison', 'Alice Walker']);
    expect(await namesOf({ company, name: 'ALI' })).toEqual(['Bob Alison', 'Alice Walker']);
    expect(await namesOf({ company, name: ' ali ', email: '.com' })).toEqual(['Alice Walker']);
    expect(await namesOf({ email: tag.toUpperCase(), sort: 'full_name' })).toEqual(['Alice Elsewhere', 'Alice Walker', 'Bob Alison', 'Carol Jones']);
  });

  it('take % and _ literally (unless the text has its own %), and quotes and backslashes as text', async () => {
    const company = unique('Wild ');
    await arrange([
      { company, full_name: 'Under_Score' },
      { company, full_name: 'UnderXScore' },
      { company, full_name: '100% Sure' },
      { company, full_name: '1000 Sure' },
      { company, full_name: "O'Brien \"Quoted\"" },
      { company, full_name: 'Back\\Slash' },
    ]);
    const names = (name: string) => namesOf({ company, name, sort: 'full_name' });
    expect(await names('r_s')).toEqual(['Under_Score']);
    expect(await names('_')).toEqual(['Under_Score']);
    expect(await names('0 s')).toEqual(['1000 Sure']);
    expect(await names('0%')).toEqual([]); // its own %: a pattern as written (here: starts with 0), as PocketBase's `~`
    expect(await names('1%sure')).toEqual(['100% Sure', '1000 Sure']);
    expect(await names("o'brien")).toEqual(["O'Brien \"Quoted\""]);
    expect(await names('"quoted"')).toEqual(["O'Brien \"Quoted\""]);
    expect(await names('k\\s')).toEqual(['Back\\Slash']);
  });

  it('ignore accents and letter case in any script, as the door search does', async () => {
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
    const names = async (params: Record<string, string>) => (await namesOf({ company, ...params })).sort();
    const zoes = [precomposed.fullName, combining.fullName, 'ZOE BLOGGS'].sort();
    expect(await names({ name: 'Zoe' })).toEqual(zoes);
    expect(await names({ name: 'zoë' })).toEqual(zoes);
    expect(await names({ name: 'ZOË' })).toEqual(zoes);
    expect(await names({ name: `zoe${COMBINING_DIAERESIS}` })).toEqual(zoes);
    expect(await names({ name: 'angstrom' })).toEqual([precomposed.fullName]);
    expect(await names({ name: 'زينب' })).toEqual(['زَيْنَب الحَسَيْنِي', person('Arabic').fullName].sort());
    expect(await names({ name: 'الحسيني' })).toEqual(['زَيْنَب الحَسَيْنِي', person('Arabic').fullName].sort());
    expect(await names({ name: 'שרה' })).toEqual(['שָׂרָה כֹּהֵן', person('Hebrew').fullName].sort());
    expect(await names({ name: '𠮷田' })).toEqual([person('beyond U+FFFF').fullName]);
    expect(await names({ name: '田 太' })).toEqual([person('beyond U+FFFF').fullName]);
    expect(await names({ name: '🎉' })).toEqual([person('emoji').fullName]);
    expect(await names({ name: '👩‍👩‍👧' })).toEqual([person('ZWJ family emoji').fullName]);
    expect(await names({ name: 'ジョー' })).toEqual(['ｼﾞｮｰ Full Width']);
    expect(await names({ name: 'STRAUSS' })).toEqual(['Strauß Weiß']);
    expect(await names({ name: 'weiss' })).toEqual(['Strauß Weiß']);
    // the company filter folds alike
    expect(await namesOf({ company: `${company} societe generale cote` })).toEqual([precomposed.fullName]);
    expect(await namesOf({ company: `${company} CAFÉ MÃO` })).toEqual([combining.fullName]);
    // names come back exactly as stored: folding is for comparing only
    expect(await names({ name: 'zoe ravn' })).toEqual([combining.fullName]);
    expect((await names({ name: 'zoe ravn' }))[0]).toContain(COMBINING_DIAERESIS);
  });

  it('are parameters, never SQL: injection attempts match nothing and change nothing', async () => {
    const company = unique('Inject ');
    const [row] = await arrange([{ company, full_name: 'Robert Tables' }]);
    const attempts = [
      "' OR '1'='1",
      "%' OR 1=1 --",
      "') OR 1=1 --",
      '" OR ""="',
      "x' UNION SELECT password, email FROM users --",
      "'; DROP TABLE attendees; --",
      '{:company}',
      '[[full_name]]',
    ];
    for (const attempt of attempts) {
      for (const field of ['name', 'email', 'company']) {
        expect(await adminList({ [field]: attempt })).toMatchObject({ totalItems: 0, items: [] });
      }
      // Beside a filter that matches, still only what both match (nothing).
      expect((await adminList({ company, name: attempt })).items).toEqual([]);
    }
    // The sort is picked from a fixed list: anything else is newest first, never SQL.
    for (const sort of ['full_name; DROP TABLE attendees; --', '(SELECT password FROM users)', 'full_name DESC, (SELECT 1)', 'password', '-tokenKey']) {
      expect((await adminList({ company, sort })).items.map((item) => item.id)).toEqual([row.id]);
    }
    expect((await su.collection('attendees').getOne(row.id)).full_name).toBe('Robert Tables');
    expect((await adminList({ company })).totalItems).toBe(1);
    expect(JSON.stringify(await adminList({ name: "x' UNION SELECT password, email FROM users --" }))).not.toContain('password');
  });

  it('refuses a filter longer than 1000 characters', async () => {
    const answer = await list({ name: 'a'.repeat(1001) }, admin.client.authStore.token);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('A filter may be at most 1000 characters long.');
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
    const order = async (sort: string) => namesOf({ company, sort });
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
    expect(await namesOf({ company })).toEqual(reversed(expectations.created));
  });

  it('counts and orders as the records API did for the page (filters with ~, the role expanded)', async () => {
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
    const filterSets: Record<string, string>[] = [{ company }, { company, name: 'hop' }, { company, name: 'a' }, { company, name: 'nobody' }];
    for (const filters of filterSets) {
      for (const sort of sorts) {
        const filter = [
          filters.name ? admin.client.filter('full_name ~ {:name}', { name: filters.name }) : '',
          admin.client.filter('company ~ {:company}', { company: filters.company }),
        ].filter(Boolean).join(' && ');
        const before = await admin.client.collection('attendees').getList(1, 3, { filter, sort, expand: 'user' });
        const now = await adminList({ ...filters, sort, perPage: 3 });
        const key = (item: Record<string, unknown>, role: unknown) => (sort.replace(/^-/, '') === 'user.role' ? role ?? '' : item[sort.replace(/^-/, '')]);
        expect([now.totalItems, now.totalPages], `${JSON.stringify(filters)} ${sort}`).toEqual([before.totalItems, before.totalPages]);
        expect(now.items.map((item) => key(item, item.user_role)), `${JSON.stringify(filters)} ${sort}`)
          .toEqual(before.items.map((item) => key(item, (item.expand?.user as RecordModel | undefined)?.role)));
      }
    }
  });
});
