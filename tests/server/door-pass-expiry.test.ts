// A door pass's session ends, against a real PocketBase: it begins at the PIN
// sign-in (door_passes.session_started_at) and ends three days later or when
// the masterclass's door closes (midnight at the end of the day after the
// masterclass ends, in its time zone), whichever is first. Before then the
// token refreshes; no token given outlives the end; after it the refresh
// answers 401 with the reason, and after the door closes the right PIN answers
// 403 and changes nothing. The clock cannot be moved, so the tests move the
// recorded sign-in and the masterclass's end back with the superuser.
import { describe, expect, it } from 'vitest';
import PocketBase, { ClientResponseError } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { createUser, serverForFile, type TestUser } from './helpers';

const PASSES = '/api/masterclass/admin/door-passes';
const SIGN_IN = '/api/masterclass/door/sign-in';
const ROSTER = '/api/masterclass/admin/check-in/roster';
const DAY = 24 * 60 * 60 * 1000;
const SESSION_ENDED = "This door pass's session has ended: a session lasts 3 days from its PIN. Enter the PIN again, or ask the organiser for a new pass.";
const doorClosed = (day: string) => `This door pass has ended: its masterclass ended on ${day}, and door passes work until the end of the next day. Ask the organiser if people still need checking in.`;

let server: TestServer;
let su: PocketBase;
let admin: TestUser;

serverForFile((started) => ({ server, su } = started));

interface Refusal { status: number; message: string; data: Record<string, { code: string; message: string }> }

async function refusal(request: () => Promise<unknown>): Promise<Refusal> {
  try {
    await request();
  } catch (error) {
    if (error instanceof ClientResponseError) return { status: error.status, message: String(error.response?.message ?? ''), data: (error.response?.data ?? {}) as Refusal['data'] };
    throw error;
  }
  return { status: 200, message: '', data: {} };
}

const dbDate = (ms: number) => new Date(ms).toISOString().replace('T', ' ');
const parseDb = (value: string) => Date.parse(value.replace(' ', 'T'));

async function createEvent(startsAt: number, endsAt: number): Promise<string> {
  admin ??= await createUser(server, su, 'administrator');
  const event = await su.collection('events').create({
    title: 'Door expiry', starts_at: dbDate(startsAt), ends_at: dbDate(endsAt), timezone: 'Australia/Adelaide',
    location: 'Adelaide, South Australia', venue: 'Hall A', capacity: 100, price_cents: 0, currency: 'AUD', sales_state: 'open',
    portal_unlock_at: dbDate(startsAt - 60 * 60 * 1000), max_per_registration: 10, published: true,
  });
  return event.id;
}

const upcoming = () => createEvent(Date.now() + 30 * DAY, Date.now() + 30 * DAY + 3 * 60 * 60 * 1000);

async function createPass(event: string): Promise<{ id: string; pin: string }> {
  return admin.client.send(PASSES, { method: 'POST', body: { event, label: 'North door' } });
}

async function signIn(pass: string, pin: string): Promise<PocketBase> {
  const client = new PocketBase(server.url);
  client.autoCancellation(false);
  const answer = await client.send<{ token: string; record: Record<string, unknown> }>(SIGN_IN, { method: 'POST', body: { pass, pin } });
  client.authStore.save(answer.token, answer.record as never);
  return client;
}

const refresh = (client: PocketBase) => client.collection('door_passes').authRefresh();

function claims(token: string): { exp: number; refreshable: boolean } {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { exp: number; refreshable: boolean };
}

/** The instant Adelaide's clock reads midnight at the start of the day `days` after the day of `instant`. */
function adelaideMidnightAfter(instant: number, days: number): number {
  const wall = (ms: number) => {
    const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Australia/Adelaide', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    }).formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
    return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  };
  const local = new Date(wall(instant));
  const target = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days);
  let guess = target - 9.5 * 60 * 60 * 1000;
  for (let i = 0; i < 3; i += 1) guess -= wall(guess) - target;
  return guess;
}

describe('a door pass session ends three days after its PIN sign-in', () => {
  it('refreshes while it runs, and no token outlives it', async () => {
    const pass = await createPass(await upcoming());
    const before = Date.now();
    const door = await signIn(pass.id, pass.pin);
    const started = parseDb((await su.collection('door_passes').getOne(pass.id)).session_started_at as string);
    expect(started).toBeGreaterThanOrEqual(before - 1000);
    expect(started).toBeLessThanOrEqual(Date.now() + 1000);
    expect(claims(door.authStore.token).exp * 1000).toBeLessThanOrEqual(started + 3 * DAY);

    const refreshed = await refresh(door);
    expect(refreshed.record.id).toBe(pass.id);

    // An hour of the session left: the token given lasts that hour, not the collection's two days.
    const backdated = Date.now() - 3 * DAY + 60 * 60 * 1000;
    await su.collection('door_passes').update(pass.id, { session_started_at: dbDate(backdated) });
    const late = await refresh(door);
    const exp = claims(late.token).exp * 1000;
    expect(Math.abs(exp - (backdated + 3 * DAY))).toBeLessThanOrEqual(2000);
    expect(claims(late.token).refreshable).toBe(false);
    expect((await refusal(() => door.send(ROSTER, { query: { event: String(late.record.event), limit: 1 } }))).status).toBe(200);
  });

  it('refuses the refresh after the limit with 401 and the reason; the PIN starts a new session and the old tokens stop', async () => {
    const event = await upcoming();
    const pass = await createPass(event);
    const door = await signIn(pass.id, pass.pin);
    await su.collection('door_passes').update(pass.id, { session_started_at: dbDate(Date.now() - 3 * DAY - 60 * 1000) });

    expect(await refusal(() => refresh(door))).toEqual({
      status: 401, message: SESSION_ENDED, data: { pass: { code: 'door_pass_ended', message: SESSION_ENDED } },
    });

    const again = await signIn(pass.id, pass.pin);
    const started = parseDb((await su.collection('door_passes').getOne(pass.id)).session_started_at as string);
    expect(Date.now() - started).toBeLessThan(60 * 1000);
    expect((await refresh(again)).record.id).toBe(pass.id);
    // The device of the ended session: its token is gone, not brought back by the new session.
    expect((await refusal(() => refresh(door))).status).toBe(401);
    expect((await refusal(() => door.send(ROSTER, { query: { event, limit: 1 } }))).status).toBe(401);
  });

  it('a second device joins the running session: its sign-in does not extend the first one', async () => {
    const pass = await createPass(await upcoming());
    await signIn(pass.id, pass.pin);
    const first = (await su.collection('door_passes').getOne(pass.id)).session_started_at as string;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await signIn(pass.id, pass.pin);
    expect((await su.collection('door_passes').getOne(pass.id)).session_started_at).toBe(first);
    expect(claims(second.authStore.token).exp * 1000).toBeLessThanOrEqual(parseDb(first) + 3 * DAY);
  });

  it('a new PIN ends the session', async () => {
    const pass = await createPass(await upcoming());
    await signIn(pass.id, pass.pin);
    await admin.client.send(`${PASSES}/${pass.id}/pin`, { method: 'POST' });
    expect((await su.collection('door_passes').getOne(pass.id)).session_started_at).toBe('');
  });
});

describe('a door pass session ends when its masterclass\'s door closes', () => {
  it('on the day after the masterclass it still opens and refreshes, with tokens that end at midnight after that day (Adelaide time)', async () => {
    const end = Date.now() - 60 * 60 * 1000;
    const pass = await createPass(await createEvent(end - 3 * 60 * 60 * 1000, end));
    const door = await signIn(pass.id, pass.pin);
    const closes = adelaideMidnightAfter(end, 2);
    expect(closes - end).toBeGreaterThan(DAY);
    expect(closes - end).toBeLessThanOrEqual(2 * DAY);
    const fromSignIn = claims(door.authStore.token).exp * 1000;
    const refreshed = claims((await refresh(door)).token).exp * 1000;
    for (const exp of [fromSignIn, refreshed]) {
      // Never past the door's closing (and within the collection's two days of now).
      expect(exp).toBeLessThanOrEqual(closes);
      expect(Math.abs(exp - Math.min(closes, Date.now() + 2 * DAY))).toBeLessThanOrEqual(5000);
    }
  });

  it('after it the refresh answers 401 and the right PIN 403, with the reason, and nothing changes', async () => {
    const event = await upcoming();
    const pass = await createPass(event);
    const door = await signIn(pass.id, pass.pin);
    expect((await refresh(door)).record.id).toBe(pass.id);

    // The masterclass ended three days ago (Adelaide: Tuesday's masterclass, closed at Thursday's midnight).
    const end = Date.now() - 3 * DAY;
    await su.collection('events').update(event, { starts_at: dbDate(end - 3 * 60 * 60 * 1000), ends_at: dbDate(end), portal_unlock_at: dbDate(end - 4 * 60 * 60 * 1000) });
    const day = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Adelaide', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
      .format(new Date(end)).replace(',', '');
    const closed = doorClosed(day);

    expect(await refusal(() => refresh(door))).toEqual({ status: 401, message: closed, data: { pass: { code: 'door_pass_ended', message: closed } } });

    const stored = await su.collection('door_passes').getOne(pass.id);
    expect(await refusal(() => signIn(pass.id, pass.pin))).toEqual({ status: 403, message: closed, data: { pass: { code: 'door_pass_ended', message: closed } } });
    const after = await su.collection('door_passes').getOne(pass.id);
    expect(after).toMatchObject({ last_used_at: stored.last_used_at, session_started_at: stored.session_started_at, updated: stored.updated });
    // A wrong PIN is still only wrong: the door's state is told to whoever holds the PIN.
    expect((await refusal(() => signIn(pass.id, pass.pin === '000000' ? '111111' : '000000'))).status).toBe(401);
  });
});
