// An attendee's own registration (pb_hooks/lib/attendees/self-service.js):
// changing the phone number and dietary requirements until the details
// cut-off, sending a colleague in one's place until the substitution cut-off
// (a new row, the old one cancelled, the old ticket no longer admitting
// anyone, the emails, the seat count unchanged), every refusal writing
// nothing, two substitutions at once and a substitution racing a door
// check-in; and the profile photo upload (pb_hooks/lib/attendees/profile-photo.js).
import PocketBase, { ClientResponseError, type RecordModel } from 'pocketbase';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
import { createUser, serverForFile, unique, type TestUser } from './helpers';

let server: TestServer;
let su: PocketBase;
let eventId: string;
let admin: TestUser;

const HOUR_MS = 60 * 60 * 1000;
const BASE = '/api/masterclass/my-registration';

serverForFile(
  (started) => {
    server = started.server;
    su = started.su;
  },
  { env: { RATE_LIMIT_SUBSTITUTIONS: '4/3600', RATE_LIMIT_DETAILS_CHANGES: '1000/600' } },
);

beforeAll(async () => {
  eventId = (await masterclassEvent(su)).id;
  admin = await createUser(server, su, 'administrator');
  await startIn(10 * 24 * HOUR_MS);
});

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are read field by field
  body: Record<string, any>;
}

async function call(method: 'GET' | 'POST', path: string, body: unknown, token?: string): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: method === 'POST' ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined,
  });
  return { status: response.status, body: await response.json() };
}

const view = (attendee: string, token?: string) => call('GET', `${BASE}?attendee=${encodeURIComponent(attendee)}`, undefined, token);
const details = (body: unknown, token?: string) => call('POST', `${BASE}/details`, body, token);
const substitute = (body: unknown, token?: string) => call('POST', `${BASE}/substitute`, body, token);

async function startIn(ms: number) {
  const start = new Date(Date.now() + ms);
  await su.collection('events').update(eventId, {
    starts_at: start.toISOString(), ends_at: new Date(start.getTime() + 3 * HOUR_MS).toISOString(),
  });
}

/** A signed-in attendee with a confirmed (or other) seat on a registration of their own. */
async function seated(status: 'confirmed' | 'confirmed_observer' | 'waitlisted' | 'cancelled' = 'confirmed') {
  // at a domain that takes mail (the test users' own .local is reserved, and refused for a colleague)
  const user = await createUser(server, su, 'attendee');
  await su.collection('users').update(user.id, { email: `${unique('pat')}@example.com` });
  user.email = (await su.collection('users').getOne(user.id)).email as string;
  await user.client.collection('users').authWithPassword(user.email, user.password);
  const registration = await su.collection('registrations').create({
    event: eventId, kind: 'promo', status: 'completed', primary_email: user.email, currency: 'AUD', total_amount_cents: 0,
  });
  const attendee = await su.collection('attendees').create({
    registration: registration.id, event: eventId, user: user.id, email: user.email, full_name: 'Pat Original',
    company: 'Original Co', job_title: 'Lead', role: 'Senior Manager', phone_number: '0400 000 000',
    dietary_requirements: 'None', registration_status: status, privacy_consent: true,
  });
  return { user, attendee, token: user.client.authStore.token };
}

function colleague(overrides: Record<string, unknown> = {}) {
  return { fullName: 'Casey Colleague', email: `${unique('colleague')}@example.com`, company: 'Original Co', jobTitle: 'Analyst', ...overrides };
}

async function confirmedSeats(): Promise<number> {
  const list = await su.collection('attendees').getList(1, 1, {
    filter: su.filter('event = {:event} && (registration_status = "confirmed" || registration_status = "confirmed_observer")', { event: eventId }),
  });
  return list.totalItems;
}

async function rowsOf(registration: string): Promise<RecordModel[]> {
  return su.collection('attendees').getFullList({ filter: su.filter('registration = {:r}', { r: registration }), sort: 'created' });
}

async function emailsOf(attendee: string): Promise<RecordModel[]> {
  return su.collection('emails').getFullList({ filter: su.filter('attendee = {:a}', { a: attendee }), sort: 'created' });
}

async function verify(code: string): Promise<number> {
  try {
    await admin.client.send('/api/masterclass/admin/tickets/verify', { query: { code: `AICM1:${eventId}:${code}`, event: eventId } });
    return 200;
  } catch (error) {
    if (error instanceof ClientResponseError) return error.status;
    throw error;
  }
}

function pushCheckIn(attendee: string) {
  return admin.client.send<{ refused: { code: string }[]; check_ins: unknown[] }>('/api/masterclass/admin/check-in/push', {
    method: 'POST',
    body: {
      event: eventId,
      sent_at: new Date().toISOString(),
      check_ins: [{ id: randomBytes(8).toString('hex').slice(0, 15), attendee, method: 'scan', scanned_at: new Date().toISOString(), device_name: 'Door 1' }],
    },
  });
}

describe('seeing one’s registration', () => {
  it('answers the owner with the details and the cut-offs, and no one else', async () => {
    const { attendee, token } = await seated();
    const other = await createUser(server, su, 'attendee');
    const answer = await view(attendee.id, token);
    expect(answer.status).toBe(200);
    expect(answer.body.attendee).toMatchObject({ id: attendee.id, phoneNumber: '0400 000 000', dietaryRequirements: 'None', status: 'confirmed' });
    expect(answer.body.details).toMatchObject({ open: true, reason: '' });
    expect(answer.body.substitution).toMatchObject({ open: true, reason: '' });
    const start = new Date(answer.body.event.startsAt.replace(' ', 'T')).getTime();
    expect(start - Date.parse(answer.body.details.until)).toBe(48 * HOUR_MS);
    expect(start - Date.parse(answer.body.substitution.until)).toBe(24 * HOUR_MS);

    expect((await view(attendee.id)).status).toBe(401);
    expect((await view(attendee.id, other.client.authStore.token)).status).toBe(404);
    expect((await view('not an id', token)).status).toBe(400);
  });
});

describe('changing the phone number and dietary requirements', () => {
  it('saves them for the owner', async () => {
    const { attendee, token } = await seated();
    const answer = await details({ attendee: attendee.id, phoneNumber: ' +61 8 8000 0000 ', dietaryRequirements: 'Vegetarian, no nuts' }, token);
    expect(answer.status).toBe(200);
    expect(answer.body.attendee).toMatchObject({ phoneNumber: '+61 8 8000 0000', dietaryRequirements: 'Vegetarian, no nuts' });
    const row = await su.collection('attendees').getOne(attendee.id);
    expect(row).toMatchObject({ phone_number: '+61 8 8000 0000', dietary_requirements: 'Vegetarian, no nuts' });
    // dietary requirements may be cleared, as at registration
    expect((await details({ attendee: attendee.id, phoneNumber: '0400 111 222', dietaryRequirements: '' }, token)).status).toBe(200);
    expect((await su.collection('attendees').getOne(attendee.id)).dietary_requirements).toBe('');
  });

  it('refuses bad input with the registration’s words and changes nothing', async () => {
    const { attendee, token } = await seated();
    const before = await su.collection('attendees').getOne(attendee.id);
    const cases: [unknown, string, string][] = [
      [{ attendee: attendee.id, phoneNumber: 'call me', dietaryRequirements: '' }, 'phoneNumber', 'Phone number may only contain digits, spaces and + ( ) - .'],
      [{ attendee: attendee.id, phoneNumber: '', dietaryRequirements: '' }, 'phoneNumber', 'Phone number is required'],
      [{ attendee: attendee.id, phoneNumber: '0400', dietaryRequirements: 'x'.repeat(1001) }, 'dietaryRequirements', 'Must be at most 1000 characters.'],
      [{ attendee: attendee.id, phoneNumber: '0400', dietaryRequirements: 5 }, 'dietaryRequirements', 'Must be text.'],
      [{ attendee: attendee.id, phoneNumber: '0400', email: 'new@example.com' }, 'email', 'email cannot be changed here.'],
      [{ phoneNumber: '0400' }, 'attendee', 'Say which registration: the attendee must be given by its id.'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await details(body, token);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.data[field]?.message).toBe(message);
    }
    expect((await details('{not json', token)).status).toBe(400);
    expect((await details({ attendee: attendee.id, phoneNumber: '0400' })).status).toBe(401);
    const other = await createUser(server, su, 'attendee');
    expect((await details({ attendee: attendee.id, phoneNumber: '0400' }, other.client.authStore.token)).status).toBe(404);
    expect((await su.collection('attendees').getOne(attendee.id)).updated).toBe(before.updated);
  });

  it('refuses cancelled and waitlisted rows', async () => {
    for (const status of ['cancelled', 'waitlisted'] as const) {
      const { attendee, token } = await seated(status);
      const answer = await details({ attendee: attendee.id, phoneNumber: '0400' }, token);
      expect(answer.status).toBe(409);
      expect(answer.body.data.attendee.code).toBe(status);
    }
  });

  it('is read-only after the cut-off, saying until when', async () => {
    const { attendee, token } = await seated();
    await startIn(30 * HOUR_MS);
    try {
      const seen = await view(attendee.id, token);
      expect(seen.body.details).toMatchObject({ open: false, reason: 'cutoff' });
      expect(seen.body.substitution).toMatchObject({ open: true });
      const answer = await details({ attendee: attendee.id, phoneNumber: '0400 999 999' }, token);
      expect(answer.status).toBe(409);
      expect(answer.body.data.attendee.code).toBe('cutoff');
      expect(answer.body.message).toBe(`Changes to your details were possible until ${seen.body.details.untilText}. Please contact us if something needs to change.`);
      expect((await su.collection('attendees').getOne(attendee.id)).phone_number).toBe('0400 000 000');
    } finally {
      await startIn(10 * 24 * HOUR_MS);
    }
  });
});

describe('sending a colleague in one’s place', () => {
  it('gives the colleague the seat and a new ticket, voids the old one, keeps the seat count and tells both', async () => {
    const { user, attendee, token } = await seated();
    const seatsBefore = await confirmedSeats();
    const oldCode = attendee.ticket_code as string;
    expect(await verify(oldCode)).toBe(200);
    const materials = () => user.client.collection('materials').getFullList({ filter: user.client.filter('event = {:e}', { e: eventId }) });
    expect((await materials()).length).toBeGreaterThan(0);
    const named = colleague({ email: `${unique('Casey.')}@Example.com` });

    const answer = await substitute({ attendee: attendee.id, ...named }, token);
    expect(answer.status).toBe(200);
    expect(answer.body.attendee.status).toBe('cancelled');
    expect(answer.body.passedTo.fullName).toBe('Casey Colleague');

    const [old, fresh] = await rowsOf(attendee.registration);
    expect(old).toMatchObject({ id: attendee.id, registration_status: 'cancelled', cancelled_by: 'substitution', user: user.id });
    expect(fresh).toMatchObject({
      full_name: 'Casey Colleague', email: named.email.toLowerCase(), company: 'Original Co', job_title: 'Analyst',
      registration_status: 'confirmed', replaces: attendee.id, user: '', phone_number: '', dietary_requirements: '',
    });
    expect(fresh.ticket_code).toMatch(/^[a-z2-9]{26}$/);
    expect(fresh.ticket_code).not.toBe(oldCode);
    expect(await confirmedSeats()).toBe(seatsBefore);
    expect(await verify(oldCode)).toBe(409);
    expect(await verify(fresh.ticket_code as string)).toBe(200);

    const toColleague = await emailsOf(fresh.id);
    expect(toColleague.map((email) => email.template).sort()).toEqual(['new_ticket', 'user_account_invite']);
    expect(toColleague.every((email) => email.to === named.email.toLowerCase())).toBe(true);
    const ticketEmail = toColleague.find((email) => email.template === 'new_ticket')!;
    expect(ticketEmail.text).toContain('Pat Original cannot attend');
    expect(ticketEmail.text).toContain(fresh.ticket_code);
    const toOriginal = (await emailsOf(attendee.id)).filter((email) => email.template === 'seat_passed_on');
    expect(toOriginal).toHaveLength(1);
    expect(toOriginal[0].to).toBe(user.email);
    expect(toOriginal[0].text).toContain('now belongs to Casey Colleague');

    // their account stays, their seat goes: the row they can read is cancelled and the view says to whom it went
    expect(await materials()).toEqual([]);
    const own = await user.client.collection('attendees').getFullList();
    expect(own.map((row) => [row.id, row.registration_status])).toEqual([[attendee.id, 'cancelled']]);
    const seen = await view(attendee.id, token);
    expect(seen.body.substitution).toMatchObject({ open: false, reason: 'passed_on' });
    // a second request for the same seat is refused
    const again = await substitute({ attendee: attendee.id, ...colleague() }, token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This seat has already been passed to Casey Colleague.');
  });

  it('links a colleague who already has an account and sends them where to sign in', async () => {
    const { attendee, token } = await seated();
    const existing = (await seated('cancelled')).user;
    expect((await substitute({ attendee: attendee.id, ...colleague({ email: existing.email }) }, token)).status).toBe(200);
    const fresh = (await rowsOf(attendee.registration))[1];
    expect(fresh.user).toBe(existing.id);
    expect((await emailsOf(fresh.id)).map((email) => email.template).sort()).toEqual(['new_ticket', 'user_access_reminder']);
    expect((await existing.client.collection('attendees').getFullList({ filter: 'registration_status = "confirmed"' })).map((row) => row.id)).toEqual([fresh.id]);
  });

  it('moves the seat’s own price to the colleague; the row passed on keeps 0 and nobody else’s changes', async () => {
    const { user, token } = await seated();
    const paid = await su.collection('registrations').create({
      event: eventId, kind: 'paid', status: 'paid', primary_email: 'buyer@example.com', currency: 'AUD', total_amount_cents: 100001, paid_amount_cents: 100001,
    });
    // each seat's price as fulfilment sets it (lib/cancellation/seat-money.js): the payment split, the remainder on the buyer
    const person = (name: string, email: string, price: number, extra: Record<string, unknown> = {}) => su.collection('attendees').create({
      registration: paid.id, event: eventId, email, full_name: name, company: 'Paying Co', job_title: 'Lead', registration_status: 'confirmed', price_cents: price, ...extra,
    });
    const buyer = await person('Buyer Person', 'buyer@example.com', 33335);
    const mine = await person('Pat Original', `${unique('pat')}@example.com`, 33333, { user: user.id });
    const third = await person('Third Person', `${unique('third')}@example.com`, 33333);
    const share = async (id: string) => (await admin.client.send(`/api/masterclass/admin/attendees/${id}/cancellation`, {})).paidCents as number;
    expect([await share(buyer.id), await share(mine.id), await share(third.id)]).toEqual([33335, 33333, 33333]);

    expect((await substitute({ attendee: mine.id, ...colleague() }, token)).status).toBe(200);
    const fresh = (await rowsOf(paid.id)).find((row) => row.replaces === mine.id)!;
    expect([await share(buyer.id), await share(fresh.id), await share(third.id), await share(mine.id)]).toEqual([33335, 33333, 33333, 0]);
    expect((await su.collection('attendees').getOne(fresh.id)).price_cents).toBe(33333);
    expect((await su.collection('attendees').getOne(mine.id)).price_cents).toBe(0);
  });

  it('refuses bad colleague details with the registration’s words and writes nothing', async () => {
    const { attendee, token } = await seated();
    const cases: [Record<string, unknown>, string, string][] = [
      [colleague({ email: 'not-an-email' }), 'email', 'Invalid email address'],
      [colleague({ fullName: 'A' }), 'fullName', 'Full name must be at least 2 characters'],
      [colleague({ company: '  ' }), 'company', 'Company is required'],
      [colleague({ jobTitle: undefined }), 'jobTitle', 'Job title is required'],
      [colleague({ role: 'Senior Manager' }), 'role', 'role cannot be changed here.'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await substitute({ attendee: attendee.id, ...body }, token);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.data[field]?.message).toBe(message);
    }
    expect(await rowsOf(attendee.registration)).toHaveLength(1);
    expect((await su.collection('attendees').getOne(attendee.id)).registration_status).toBe('confirmed');
  });

  it('refuses an address already registered for the masterclass, one’s own included', async () => {
    const { attendee, token } = await seated();
    const other = await seated();
    for (const email of [other.user.email, other.user.email.toUpperCase(), attendee.email as string]) {
      const answer = await substitute({ attendee: attendee.id, ...colleague({ email }) }, token);
      expect(answer.status).toBe(409);
      expect(answer.body.data.email.code).toBe('already_registered');
    }
    expect(await rowsOf(attendee.registration)).toHaveLength(1);
  });

  it('refuses checked-in, cancelled and waitlisted rows', async () => {
    const checkedIn = await seated();
    await pushCheckIn(checkedIn.attendee.id);
    const answer = await substitute({ attendee: checkedIn.attendee.id, ...colleague() }, checkedIn.token);
    expect(answer.status).toBe(409);
    expect(answer.body.data.attendee.code).toBe('checked_in');
    for (const status of ['cancelled', 'waitlisted'] as const) {
      const { attendee, token } = await seated(status);
      const refused = await substitute({ attendee: attendee.id, ...colleague() }, token);
      expect(refused.status).toBe(409);
      expect(refused.body.data.attendee.code).toBe(status);
      expect(await rowsOf(attendee.registration)).toHaveLength(1);
    }
  });

  it('is refused after its cut-off', async () => {
    const { attendee, token } = await seated();
    await startIn(12 * HOUR_MS);
    try {
      const answer = await substitute({ attendee: attendee.id, ...colleague() }, token);
      expect(answer.status).toBe(409);
      expect(answer.body.data.attendee.code).toBe('cutoff');
      expect(answer.body.message).toMatch(/^A colleague could be sent in your place until .+\. Please contact us if you cannot attend\.$/);
      expect(await rowsOf(attendee.registration)).toHaveLength(1);
    } finally {
      await startIn(10 * 24 * HOUR_MS);
    }
  });

  it('lets exactly one of two requests at once win; the other gets 409 and the seat count stays', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { attendee, token } = await seated();
      const seatsBefore = await confirmedSeats();
      const answers = await Promise.all([
        substitute({ attendee: attendee.id, ...colleague({ fullName: 'First Tab' }) }, token),
        substitute({ attendee: attendee.id, ...colleague({ fullName: 'Second Tab' }) }, token),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const loser = answers.find((answer) => answer.status === 409)!;
      const winner = answers.find((answer) => answer.status === 200)!;
      expect(loser.body.message).toBe(`This seat has already been passed to ${winner.body.colleague.fullName}.`);
      const rows = await rowsOf(attendee.registration);
      expect(rows.filter((row) => row.registration_status === 'confirmed')).toHaveLength(1);
      expect(rows).toHaveLength(2);
      expect(await confirmedSeats()).toBe(seatsBefore);
    }
  });

  it('never admits the one who passed the seat on when a door checks them in at the same moment', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 4; round += 1) {
      const { attendee, token } = await seated();
      const [passed, door] = await Promise.all([substitute({ attendee: attendee.id, ...colleague() }, token), pushCheckIn(attendee.id)]);
      const stored = door.refused.length === 0;
      if (passed.status === 200) {
        // the seat went first: the door's check-in of the old row is refused
        expect(stored).toBe(false);
        expect(door.refused[0].code).toBe('cancelled');
        outcomes.add('passed');
      } else {
        expect(passed.status).toBe(409);
        expect(passed.body.data.attendee.code).toBe('checked_in');
        expect(stored).toBe(true);
        expect(await rowsOf(attendee.registration)).toHaveLength(1);
        outcomes.add('checked in');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('is rate limited per account', async () => {
    const { attendee, token } = await seated();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push((await substitute({ attendee: attendee.id, ...colleague({ email: 'registered@' }) }, token)).status);
    }
    // bad input is refused before the limit counts it; a well-formed request counts
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const other = await seated();
    const counted: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      counted.push((await substitute({ attendee: other.attendee.id, ...colleague({ email: other.user.email }) }, other.token)).status);
    }
    expect(counted).toEqual([409, 409, 409, 409, 429]);
  });
});

describe('the profile photo', () => {
  // A 2×2 PNG.
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
    'base64',
  );

  it('takes a JPEG, PNG or WebP image, served in thumbnails', async () => {
    const user = await createUser(server, su, 'attendee');
    const form = new FormData();
    form.append('photo', new Blob([PNG], { type: 'image/png' }), 'me.png');
    const saved = await user.client.collection('users').update(user.id, form);
    expect(saved.photo).toMatch(/\.png$/);
    const thumb = await fetch(user.client.files.getURL(saved, saved.photo as string, { thumb: '240x240' }));
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/png');
    // "Download my data" names it
    const exported = await fetch(`${server.url}/api/masterclass/account/export`, { headers: { Authorization: user.client.authStore.token } });
    expect((await exported.json()).account.photo).toBe(saved.photo);
  });

  it('refuses anything else, whatever its name, and one over 5 MB', async () => {
    const user = await createUser(server, su, 'attendee');
    const svg = new FormData();
    svg.append('photo', new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], { type: 'image/png' }), 'me.png');
    const refused = await user.client.collection('users').update(user.id, svg).catch((error: ClientResponseError) => error);
    expect(refused).toBeInstanceOf(ClientResponseError);
    expect((refused as ClientResponseError).status).toBe(400);
    expect((refused as ClientResponseError).response.data.photo.message).toBe('Choose a photo in JPEG, PNG or WebP format.');

    const big = new FormData();
    big.append('photo', new Blob([PNG, Buffer.alloc(5 * 1024 * 1024)], { type: 'image/png' }), 'big.png');
    const tooBig = await user.client.collection('users').update(user.id, big).catch((error: ClientResponseError) => error);
    expect((tooBig as ClientResponseError).status).toBe(400);
    expect((await su.collection('users').getOne(user.id)).photo).toBe('');
  });
});
