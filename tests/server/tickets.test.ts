// Tickets against a real PocketBase and a real SMTP server: every confirmed
// attendee gets an unguessable code (on a promo registration, on payment, when
// a row becomes confirmed, and for rows that existed before, by the
// migration); the owner reads it, nobody else does and no client writes it;
// the door check (GET /api/masterclass/admin/tickets/verify) admits a valid
// ticket and refuses malformed, unknown, other-event, cancelled and replaced
// ones with a message, never a 500, and only for administrators; replacing a
// ticket voids the old one and emails the attendee the new one; the
// confirmation email carries the ticket as a QR code PNG that reads back to the
// payload, and the calendar file names it; a confirmation sent after a
// regenerate shows the new code in its text as in its image.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { isTicketCode as appIsTicketCode, parseTicketPayload as appParse, ticketPayload as appPayload, TICKET_CODE_ALPHABET } from '@/lib/ticket';
import { hooksDir, migrationsDir, pocketbaseBin, root } from '../../scripts/lib/paths.mjs';
import { freePort, startPocketBase, upsertSuperuser } from '../../scripts/lib/pocketbase-process.mjs';
import { loadHookModule } from '../support/hook-module';
import { startTestServer, LIMITS_RAISED, type TestServer } from '../support/pocketbase';
import { readQrFromPng } from '../support/qr';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp';
import { createUser, unique, type TestUser } from './helpers';
import { attendeesOf, minutesFromNow, openSales, paidBody, post, promoBody, register } from './registration-helpers';

interface HookTicket {
  TICKET_PREFIX: string;
  CODE_ALPHABET: string;
  CODE_LENGTH: number;
  ticketPayload: (eventId: string, code: string) => string;
  parseTicketPayload: (text: unknown) => unknown;
  isTicketCode: (code: unknown) => boolean;
  newTicketCode: () => string;
}
interface HookQr {
  qrPng: (text: string) => { bytes: number[]; pixels: number };
  crc32: (bytes: number[], start: number, end: number) => number;
  adler32: (bytes: number[]) => number;
}

const APP_URL = 'https://masterclass.example.com';
const PROMO_CODE = 'CHAMPION2025';
const VERIFY = '/api/masterclass/admin/tickets/verify';
const CODE_PATTERN = new RegExp(`^[${TICKET_CODE_ALPHABET}]{26}$`);

const hookTicket = loadHookModule<HookTicket>('tickets/ticket');
const hookQr = loadHookModule<HookQr>('tickets/qr');

describe('the ticket format on both sides', () => {
  const EVENT = 'abc123def456ghi';
  const CODE = 'abcdefghijkmnpqrstuvwxyz23';

  it('the server and the app write and read the same payload', () => {
    expect(hookTicket.TICKET_PREFIX).toBe('AICM1');
    expect(hookTicket.CODE_ALPHABET).toBe(TICKET_CODE_ALPHABET);
    expect(hookTicket.ticketPayload(EVENT, CODE)).toBe(appPayload(EVENT, CODE));
    const samples: unknown[] = [
      appPayload(EVENT, CODE), ` ${appPayload(EVENT, CODE)}\n`, '', null, 'hello', `AICM1:${EVENT}`, `AICM1:${EVENT}:${CODE}x`,
      `AICM1:${EVENT.toUpperCase()}:${CODE}`, `AICM2:${EVENT}:${CODE}`, `AICM1:${EVENT}:${CODE}:more`, 'x'.repeat(500),
    ];
    for (const sample of samples) {
      expect(JSON.parse(JSON.stringify(hookTicket.parseTicketPayload(sample)))).toEqual(appParse(sample));
      expect(hookTicket.isTicketCode(sample)).toBe(appIsTicketCode(sample));
    }
  });

  it('codes come from PocketBase\'s random generator over the alphabet, 26 long', () => {
    const calls: [number, string][] = [];
    const withRandom = loadHookModule<HookTicket>('tickets/ticket', {
      $security: { randomStringWithAlphabet: (length: number, alphabet: string) => (calls.push([length, alphabet]), 'x') },
    });
    withRandom.newTicketCode();
    expect(calls).toEqual([[26, TICKET_CODE_ALPHABET]]);
  });

  it('the server\'s PNG reads back as the payload', () => {
    const payload = appPayload(EVENT, CODE);
    const { bytes, pixels } = hookQr.qrPng(payload);
    expect(pixels).toBe(492); // 33 modules and a margin of 4 each side, 12 pixels a module
    expect(readQrFromPng(Buffer.from(bytes))).toBe(payload);
    // the checksums of the PNG writer (CRC-32 and Adler-32 of "123456789")
    const digits = [...Buffer.from('123456789')];
    expect(hookQr.crc32(digits, 0, digits.length)).toBe(0xcbf43926);
    expect(hookQr.adler32(digits)).toBe(0x091e01de);
  });

  it('the server\'s QR encoder is the npm package the app uses, placed unchanged when the server starts', () => {
    const vendored = readFileSync(path.join(hooksDir, 'vendor', 'qrcode-generator.js'), 'utf8');
    const installed = readFileSync(path.join(root, 'node_modules', 'qrcode-generator', 'dist', 'qrcode.js'), 'utf8');
    expect(vendored).toBe(installed);
  });
});

let smtp: TestSmtpServer;
let server: TestServer;
let su: PocketBase;
let event: RecordModel;
let admin: TestUser;
let attendeeUser: TestUser;
let otherUser: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({
    env: { ...LIMITS_RAISED, APP_URL, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '' },
  });
  su = await server.admin();
  event = await openSales(su, { capacity: 500 });
  const promo = await su.collection('promo_codes').getFirstListItem(`code = "${PROMO_CODE}"`);
  await su.collection('promo_codes').update(promo.id, { expires_at: minutesFromNow(60 * 24 * 365), max_uses: 1000 });
  [admin, attendeeUser, otherUser] = await Promise.all([
    createUser(server, su, 'administrator'),
    createUser(server, su, 'attendee'),
    createUser(server, su, 'attendee'),
  ]);
});

afterAll(async () => {
  await Promise.all([server?.stop(), smtp?.stop()]);
});

/** A row made by the superuser (any status, any event), linked to an account if given. */
async function attendeeRow(status: string, { user, eventId }: { user?: TestUser; eventId?: string } = {}): Promise<RecordModel> {
  const target = eventId ?? event.id;
  const email = user?.email ?? `${unique('row-')}@example.com`;
  const registration = await su.collection('registrations').create({
    event: target, kind: 'promo', status: 'completed', primary_email: email, currency: 'AUD', total_amount_cents: 0,
  });
  return su.collection('attendees').create({
    registration: registration.id, event: target, user: user?.id ?? '', email, full_name: 'Grace Hopper',
    company: 'Navy', job_title: 'Rear Admiral', role: 'Senior Manager', registration_status: status, privacy_consent: true,
  });
}

/** A published masterclass after the featured one (which stays featured), from 10:30 am Adelaide time on `day`. */
async function laterEvent(title: string, day: string): Promise<RecordModel> {
  try {
    return await su.collection('events').create({
      title, starts_at: `${day} 00:00:00.000Z`, ends_at: `${day} 03:00:00.000Z`, portal_unlock_at: `${day} 00:00:00.000Z`, timezone: 'Australia/Adelaide',
      location: 'Adelaide', venue: 'Hall', capacity: 50, max_per_registration: 10, price_cents: 49500, currency: 'AUD', sales_state: 'open', published: true,
    });
  } catch (error) {
    throw new Error(JSON.stringify((error as { response?: unknown }).response));
  }
}

async function verify(client: PocketBase | null, text: string, eventId?: string) {
  const query = new URLSearchParams({ code: text, ...(eventId ? { event: eventId } : {}) });
  const response = await fetch(`${server.url}${VERIFY}?${query}`, { headers: client ? { Authorization: client.authStore.token } : {} });
  return { status: response.status, body: await response.json() };
}

async function regenerate(client: PocketBase | null, attendeeId: string) {
  const response = await fetch(`${server.url}/api/masterclass/admin/attendees/${attendeeId}/ticket`, {
    method: 'POST',
    headers: client ? { Authorization: client.authStore.token } : {},
  });
  return { status: response.status, body: await response.json() };
}

const payloadOf = (row: RecordModel) => appPayload(row.event, row.ticket_code);

describe('ticket codes', () => {
  it('a promo registration\'s attendee is confirmed with a code', async () => {
    const created = await register(server, promoBody(PROMO_CODE));
    expect(created.status).toBe(201);
    const [row] = await attendeesOf(su, created.body.registrationId);
    expect(row.registration_status).toBe('confirmed');
    expect(row.ticket_code).toMatch(CODE_PATTERN);
  });

  it('a paid registration\'s attendees get theirs when the payment confirms them, each its own', async () => {
    const created = await register(server, paidBody(3));
    expect(created.status).toBe(201);
    for (const row of await attendeesOf(su, created.body.registrationId)) expect(row.ticket_code).toBe('');
    const paid = await post(server, `/api/masterclass/checkout/simulated/${created.body.sessionId}/pay`);
    expect(paid.status).toBe(200);
    const rows = await attendeesOf(su, created.body.registrationId);
    expect(rows.map((row) => row.registration_status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    const codes = rows.map((row) => row.ticket_code);
    for (const code of codes) {
      expect(code).toMatch(CODE_PATTERN);
      // never derived from the record id
      for (const row of rows) expect(code).not.toContain(row.id.slice(0, 8));
    }
    expect(new Set(codes).size).toBe(3);
  });

  it('a waitlisted row has none until it becomes confirmed; an observer has one; a code is kept when the status moves on', async () => {
    const row = await attendeeRow('waitlisted');
    expect(row.ticket_code).toBe('');
    const confirmed = await su.collection('attendees').update(row.id, { registration_status: 'confirmed' });
    expect(confirmed.ticket_code).toMatch(CODE_PATTERN);
    const cancelled = await su.collection('attendees').update(row.id, { registration_status: 'cancelled' });
    expect(cancelled.ticket_code).toBe(confirmed.ticket_code);
    expect((await attendeeRow('confirmed_observer')).ticket_code).toMatch(CODE_PATTERN);
    expect((await attendeeRow('cancelled')).ticket_code).toBe('');
  });

  it('codes are unique: the database refuses a second row with the same code', async () => {
    const first = await attendeeRow('confirmed');
    const second = await attendeeRow('confirmed');
    await expect(su.collection('attendees').update(second.id, { ticket_code: first.ticket_code })).rejects.toMatchObject({ status: 400 });
  });
});

describe('who reads and writes a code', () => {
  let mine: RecordModel;
  let theirs: RecordModel;
  beforeAll(async () => {
    mine = await attendeeRow('confirmed', { user: attendeeUser });
    theirs = await attendeeRow('confirmed', { user: otherUser });
  });

  it('the owner reads their own code, like the rest of their row', async () => {
    const own = await attendeeUser.client.collection('attendees').getOne(mine.id);
    expect(own.ticket_code).toBe(mine.ticket_code);
    const list = await attendeeUser.client.collection('attendees').getFullList();
    expect(list.map((row) => row.id)).toEqual([mine.id]);
  });

  it('another attendee cannot read it, by id, by list or by filtering on the code', async () => {
    await expect(attendeeUser.client.collection('attendees').getOne(theirs.id)).rejects.toMatchObject({ status: 404 });
    const found = await attendeeUser.client.collection('attendees').getList(1, 10, { filter: `ticket_code = "${theirs.ticket_code}"` });
    expect(found.totalItems).toBe(0);
    const guest = await server.guest().collection('attendees').getList(1, 10, { filter: `ticket_code = "${theirs.ticket_code}"` });
    expect(guest.totalItems).toBe(0);
  });

  it('administrators read every code', async () => {
    expect((await admin.client.collection('attendees').getOne(theirs.id)).ticket_code).toBe(theirs.ticket_code);
  });

  it('nobody but a superuser writes a code through the API: not the owner, not another attendee, not an administrator', async () => {
    const forged = 'abcdefghijkmnpqrstuvwxyz23';
    await expect(attendeeUser.client.collection('attendees').update(mine.id, { ticket_code: forged })).rejects.toMatchObject({ status: 404 });
    await expect(attendeeUser.client.collection('attendees').update(theirs.id, { ticket_code: forged })).rejects.toMatchObject({ status: 404 });
    await expect(admin.client.collection('attendees').update(mine.id, { ticket_code: forged })).rejects.toMatchObject({
      status: 400,
      response: { data: { ticket_code: { code: 'not_editable' } } },
    });
    await expect(attendeeUser.client.collection('attendees').create({
      registration: mine.registration, event: event.id, email: attendeeUser.email, full_name: 'Me Again', registration_status: 'confirmed', ticket_code: forged,
    })).rejects.toMatchObject({ status: 403 });
    expect((await su.collection('attendees').getOne(mine.id)).ticket_code).toBe(mine.ticket_code);
  });
});

describe('the door check', () => {
  let valid: RecordModel;
  beforeAll(async () => {
    valid = await attendeeRow('confirmed');
  });

  it('admits a confirmed attendee\'s ticket and says who it is', async () => {
    const answer = await verify(admin.client, payloadOf(valid));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      valid: true,
      attendee: { id: valid.id, full_name: 'Grace Hopper', registration_status: 'confirmed', event: event.id },
      event: { id: event.id, title: event.title, when: 'Wednesday 18 June 2031, 11:30 am – 2:30 pm ACST' },
    });
    // a superuser (the dashboard) too, and the event named explicitly
    expect((await verify(su, payloadOf(valid), event.id)).status).toBe(200);
  });

  it('refuses guests (401) and attendees (403) before looking at the code', async () => {
    expect(await verify(null, payloadOf(valid))).toMatchObject({ status: 401, body: { data: { auth: { code: 'unauthorized' } } } });
    const own = await attendeeRow('confirmed', { user: attendeeUser });
    expect(await verify(attendeeUser.client, payloadOf(own))).toMatchObject({ status: 403, body: { data: { auth: { code: 'forbidden' } } } });
  });

  it.each([
    ['nothing', '', 400, 'ticket_empty', 'No ticket was given'],
    ['another QR code', 'https://example.com/not-ours', 400, 'ticket_not_a_ticket', 'not an AI Champions Masterclass ticket'],
    ['a short code', 'AICM1:short:code', 400, 'ticket_malformed', 'damaged or incomplete'],
    ['a code with quotes and brackets', 'AICM1:abc123def456ghi:abcdefghijkmnpqrstuvwxyz2\'"<>', 400, 'ticket_malformed', 'damaged or incomplete'],
    ['5,000 characters', 'x'.repeat(5000), 400, 'ticket_not_a_ticket', 'not an AI Champions Masterclass ticket'],
  ])('refuses %s', async (_label, text, status, code, message) => {
    const answer = await verify(admin.client, text);
    expect(answer.status).toBe(status);
    expect(answer.body.data.code.code).toBe(code);
    expect(answer.body.message).toContain(message);
  });

  it('refuses a well-formed code nobody has, and a real code under another event\'s id', async () => {
    const unknown = await verify(admin.client, appPayload(event.id, 'abcdefghijkmnpqrstuvwxyz23'));
    expect(unknown).toMatchObject({ status: 404, body: { data: { code: { code: 'ticket_unknown' } } } });
    expect(unknown.body.message).toContain('not one we issued');
    const other = await laterEvent('AI CHAMPIONS MASTERCLASS II', '2032-03-10');
    const spliced = await verify(admin.client, appPayload(other.id, valid.ticket_code));
    expect(spliced).toMatchObject({ status: 404, body: { data: { code: { code: 'ticket_unknown' } } } });
  });

  it('refuses a ticket of another masterclass at this door, naming it', async () => {
    const other = await laterEvent('AI CHAMPIONS MASTERCLASS III', '2032-09-15');
    const guest = await attendeeRow('confirmed', { eventId: other.id });
    const answer = await verify(admin.client, payloadOf(guest));
    expect(answer).toMatchObject({ status: 409, body: { data: { code: { code: 'ticket_other_event' } } } });
    expect(answer.body.message).toBe('This ticket is for another masterclass: AI CHAMPIONS MASTERCLASS III on Wednesday 15 September 2032.');
    // at that masterclass's own door it admits
    expect((await verify(admin.client, payloadOf(guest), other.id)).status).toBe(200);
  });

  it('refuses a cancelled attendee\'s ticket', async () => {
    const row = await attendeeRow('confirmed');
    await su.collection('attendees').update(row.id, { registration_status: 'cancelled' });
    const answer = await verify(admin.client, payloadOf(row));
    expect(answer).toMatchObject({ status: 409, body: { data: { code: { code: 'ticket_cancelled' } } } });
    expect(answer.body.message).toContain('cancelled');
  });
});

describe('replacing a ticket', () => {
  it('gives a new code; the old one is refused as replaced and the new one admits', async () => {
    const row = await attendeeRow('confirmed');
    const oldPayload = payloadOf(row);
    expect((await verify(admin.client, oldPayload)).status).toBe(200);

    const answer = await regenerate(admin.client, row.id);
    expect(answer.status).toBe(200);
    expect(answer.body.ticket_code).toMatch(CODE_PATTERN);
    expect(answer.body.ticket_code).not.toBe(row.ticket_code);
    expect(answer.body.payload).toBe(appPayload(event.id, answer.body.ticket_code));
    expect((await su.collection('attendees').getOne(row.id)).ticket_code).toBe(answer.body.ticket_code);

    const old = await verify(admin.client, oldPayload);
    expect(old).toMatchObject({ status: 410, body: { data: { code: { code: 'ticket_replaced' } } } });
    expect(old.body.message).toContain('was replaced by a new one on');
    expect((await verify(admin.client, answer.body.payload)).status).toBe(200);
  });

  it('refuses guests, attendees, unknown attendees and attendees without a confirmed seat, changing nothing', async () => {
    const own = await attendeeRow('confirmed', { user: attendeeUser });
    expect(await regenerate(null, own.id)).toMatchObject({ status: 401 });
    expect(await regenerate(attendeeUser.client, own.id)).toMatchObject({ status: 403 });
    expect((await su.collection('attendees').getOne(own.id)).ticket_code).toBe(own.ticket_code);

    expect(await regenerate(admin.client, 'nosuchattendee')).toMatchObject({ status: 404, body: { message: 'Attendee not found.' } });
    const waitlisted = await attendeeRow('waitlisted');
    const refused = await regenerate(admin.client, waitlisted.id);
    expect(refused).toMatchObject({ status: 409, body: { data: { attendee: { code: 'not_confirmed' } } } });
    expect(refused.body.message).toContain('Only confirmed attendees have a ticket');
    expect((await su.collection('attendees').getOne(waitlisted.id)).ticket_code).toBe('');
  });

  it('administrators read the replaced codes; attendees and guests do not', async () => {
    expect((await admin.client.collection('voided_tickets').getList(1, 1)).totalItems).toBeGreaterThan(0);
    expect((await attendeeUser.client.collection('voided_tickets').getList(1, 1)).totalItems).toBe(0);
    expect((await server.guest().collection('voided_tickets').getList(1, 1)).totalItems).toBe(0);
  });
});

describe('the confirmation email and the calendar', () => {
  const to = (address: string) => (mail: ReceivedMail) => mail.to.includes(address.toLowerCase());

  it('the confirmation carries the QR code as a PNG that reads back to the payload, the code in its text and the calendar', async () => {
    const body = promoBody(PROMO_CODE);
    const created = await register(server, body);
    expect(created.status).toBe(201);
    const [row] = await attendeesOf(su, created.body.registrationId);
    const email = String((body.attendees[0] as { email: string }).email);
    const [mail] = await smtp.waitFor((candidate) => to(email)(candidate) && candidate.subject.startsWith('Registration confirmed'));

    const image = mail.attachments.find((attachment) => attachment.filename === 'masterclass-ticket.png');
    expect(image).toBeDefined();
    expect(image!.contentType).toBe('image/png');
    expect(image!.contentId).toBe('masterclass-ticket.png');
    expect(readQrFromPng(image!.bytes)).toBe(payloadOf(row));
    expect(mail.html).toContain('src="cid:masterclass-ticket.png"');
    expect(mail.text).toContain(`Ticket code: ${row.ticket_code}`);
    expect(mail.html).toContain(row.ticket_code);
    expect(mail.text).toContain(`${APP_URL}/dashboard/ticket`);
    expect(mail.text).toContain(`Add to Calendar: ${APP_URL}/api/masterclass/event.ics?event=${event.id}&ticket=${row.ticket_code}`);

    const calendar = mail.attachments.find((attachment) => attachment.filename === 'ai-champions-masterclass.ics');
    const unfolded = calendar!.content.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain(`Ticket for ${row.full_name}: ${row.ticket_code}`);
    expect(unfolded).toContain(`URL:${APP_URL}/dashboard/ticket`);
    // the invitation is no ticket
    const [invitation] = await smtp.waitFor((candidate) => to(email)(candidate) && candidate.subject.startsWith('Create your account'));
    expect(invitation.attachments).toEqual([]);
  });

  it('the calendar link names the ticket of a confirmed attendee only; any other code gets the event\'s own file', async () => {
    const row = await attendeeRow('confirmed');
    const calendar = async (query: string) => (await fetch(`${server.url}/api/masterclass/event.ics?${query}`)).text();
    const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');
    expect(unfold(await calendar(`event=${event.id}&ticket=${row.ticket_code}`))).toContain(`Ticket for Grace Hopper: ${row.ticket_code}`);
    for (const query of [`ticket=abcdefghijkmnpqrstuvwxyz23`, `ticket=${encodeURIComponent('<script>')}`, '']) {
      const text = unfold(await calendar(query));
      expect(text).toContain('BEGIN:VCALENDAR');
      expect(text).not.toContain('Ticket for');
    }
    await su.collection('attendees').update(row.id, { registration_status: 'cancelled' });
    expect(unfold(await calendar(`ticket=${row.ticket_code}`))).not.toContain('Ticket for');
  });
});

describe('the new ticket by email, and text and image in agreement', () => {
  const to = (address: string) => (mail: ReceivedMail) => mail.to.includes(address.toLowerCase());
  const newTicketTo = (address: string) => (mail: ReceivedMail) => to(address)(mail) && mail.subject.startsWith('Your new ticket');
  const ticketImage = (mail: ReceivedMail) => {
    const image = mail.attachments.find((attachment) => attachment.filename === 'masterclass-ticket.png');
    expect(image).toBeDefined();
    expect(image!.contentType).toBe('image/png');
    expect(image!.contentId).toBe('masterclass-ticket.png');
    return readQrFromPng(image!.bytes);
  };
  const ticketEmailsOf = (attendeeId: string) =>
    su.collection('emails').getFullList({ filter: `attendee = "${attendeeId}" && template = "new_ticket"`, sort: 'created,id' });
  /** Makes queued emails due, as they would be a minute later, and runs the retry cron. */
  async function retryNow(emails: RecordModel[]) {
    await Promise.all(emails.map((queued) => su.collection('emails').update(queued.id, { next_attempt_at: minutesFromNow(-1) })));
    await su.crons.run('masterclass_email_retry');
  }

  it('each regenerate emails the attendee their new ticket once: the QR code reads back to the new payload, the code and the portal link in the text', async () => {
    const row = await attendeeRow('confirmed');
    const first = await regenerate(admin.client, row.id);
    expect(first.status).toBe(200);
    expect(first.body.email).toEqual({ to: row.email, status: 'sent' });
    const [mail] = await smtp.waitFor(newTicketTo(row.email));
    expect(mail.subject).toBe(`Your new ticket: ${event.title}`);
    expect(ticketImage(mail)).toBe(appPayload(event.id, first.body.ticket_code));
    expect(mail.html).toContain('src="cid:masterclass-ticket.png"');
    expect(mail.text).toContain(`Ticket code: ${first.body.ticket_code}`);
    expect(mail.text).toContain('Your previous ticket no longer works');
    expect(mail.text).toContain(`${APP_URL}/dashboard/ticket`);
    expect(mail.text).toContain('Once you have created your account'); // this attendee has no account yet
    expect(`${mail.text}${mail.html}`).not.toContain(row.ticket_code);
    expect(await verify(admin.client, payloadOf(row))).toMatchObject({ status: 410 });

    const second = await regenerate(admin.client, row.id);
    expect(second.status).toBe(200);
    const mails = await smtp.waitFor(newTicketTo(row.email), 2);
    expect(ticketImage(mails[1])).toBe(appPayload(event.id, second.body.ticket_code));
    expect(mails[1].text).toContain(`Ticket code: ${second.body.ticket_code}`);
    expect(await verify(admin.client, first.body.payload)).toMatchObject({ status: 410 });
    expect((await verify(admin.client, second.body.payload)).status).toBe(200);
    // once per regenerate: two emails, both sent, no more arriving
    const outbox = await ticketEmailsOf(row.id);
    expect(outbox.map((email) => [email.to, email.status])).toEqual([[row.email, 'sent'], [row.email, 'sent']]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter(newTicketTo(row.email))).toHaveLength(2);
  });

  it('an attendee with an account is pointed to the portal they already have', async () => {
    const withAccount = await createUser(server, su, 'attendee');
    const row = await attendeeRow('confirmed', { user: withAccount });
    expect((await regenerate(admin.client, row.id)).status).toBe(200);
    const [mail] = await smtp.waitFor(newTicketTo(row.email));
    expect(mail.text).toContain(`The attendee portal shows it too, offline, under Your Ticket: ${APP_URL}/dashboard/ticket`);
  });

  it('guests and attendees cannot make one sent; nobody is emailed and the code stays', async () => {
    const row = await attendeeRow('confirmed', { user: attendeeUser });
    expect(await regenerate(null, row.id)).toMatchObject({ status: 401 });
    expect(await regenerate(attendeeUser.client, row.id)).toMatchObject({ status: 403 });
    expect(await regenerate(otherUser.client, row.id)).toMatchObject({ status: 403 });
    expect(await ticketEmailsOf(row.id)).toEqual([]);
    expect((await su.collection('attendees').getOne(row.id)).ticket_code).toBe(row.ticket_code);
  });

  it('an anonymised attendee gets a new code but no email: there is no address left', async () => {
    const row = await attendeeRow('confirmed');
    const anonymised = await fetch(`${server.url}/api/masterclass/admin/attendees/${row.id}/anonymise`, { method: 'POST', headers: { Authorization: admin.client.authStore.token } });
    expect(anonymised.status).toBe(200);
    const answer = await regenerate(admin.client, row.id);
    expect(answer).toMatchObject({ status: 200, body: { email: null } });
    expect(await ticketEmailsOf(row.id)).toEqual([]);
  });

  it('a confirmation queued before a regenerate and sent after it shows the new code in its text, its QR code and its calendar, never the old one', async () => {
    const body = promoBody(PROMO_CODE);
    const address = String((body.attendees[0] as { email: string }).email);
    smtp.refuse('451 Mailbox temporarily unavailable');
    let row: RecordModel;
    let renewed: { ticket_code: string; payload: string; email: { status: string } };
    try {
      const created = await register(server, body);
      expect(created.status).toBe(201);
      [row] = await attendeesOf(su, created.body.registrationId);
      const [queued] = await su.collection('emails').getFullList({ filter: `attendee = "${row.id}" && template = "registration_confirmation"` });
      expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
      expect(queued.text).toContain(`Ticket code: ${row.ticket_code}`);
      const answer = await regenerate(admin.client, row.id);
      expect(answer.status).toBe(200);
      renewed = answer.body;
      expect(renewed.email.status).toBe('queued'); // the mail server refused it too; the cron retries it
    } finally {
      smtp.refuse(null);
    }
    expect(smtp.messages.filter(to(address))).toHaveLength(0);

    await retryNow(await su.collection('emails').getFullList({ filter: `attendee = "${row!.id}" && status = "queued"` }));
    const [confirmation] = await smtp.waitFor((mail) => to(address)(mail) && mail.subject.startsWith('Registration confirmed'));
    expect(ticketImage(confirmation)).toBe(renewed!.payload);
    expect(confirmation.text).toContain(`Ticket code: ${renewed!.ticket_code}`);
    expect(confirmation.html).toContain(renewed!.ticket_code);
    expect(confirmation.text).toContain(`event.ics?event=${event.id}&ticket=${renewed!.ticket_code}`);
    const calendar = confirmation.attachments.find((attachment) => attachment.filename === 'ai-champions-masterclass.ics')!;
    expect(calendar.content.replace(/\r\n[ \t]/g, '')).toContain(`: ${renewed!.ticket_code}`);
    for (const part of [confirmation.text, confirmation.html, calendar.content.replace(/\r\n[ \t]/g, '')]) expect(part).not.toContain(row!.ticket_code);
    // the new ticket's own email, sent by the same retry, agrees
    const [newTicket] = await smtp.waitFor(newTicketTo(address));
    expect(ticketImage(newTicket)).toBe(renewed!.payload);
    // the outbox shows what was sent
    const [sent] = await su.collection('emails').getFullList({ filter: `attendee = "${row!.id}" && template = "registration_confirmation"` });
    expect(sent.status).toBe('sent');
    expect(sent.text).toContain(`Ticket code: ${renewed!.ticket_code}`);
    expect(`${sent.text}${sent.html}`).not.toContain(row!.ticket_code);
  });

  it('a new-ticket email still waiting when the seat is cancelled is not sent', async () => {
    const row = await attendeeRow('confirmed');
    smtp.refuse('451 Mailbox temporarily unavailable');
    try {
      expect((await regenerate(admin.client, row.id)).body.email.status).toBe('queued');
    } finally {
      smtp.refuse(null);
    }
    await su.collection('attendees').update(row.id, { registration_status: 'cancelled' });
    await retryNow(await ticketEmailsOf(row.id));
    // The cron route starts the job and answers at once: wait for the job's verdict.
    await expect.poll(async () => (await ticketEmailsOf(row.id))[0].status, { timeout: 10_000 }).toBe('cancelled');
    expect(smtp.messages.filter(newTicketTo(row.email))).toHaveLength(0);
  });
});

describe('rows stored before tickets existed', () => {
  it('get a code from the migration: confirmed and observers, not the waitlist', async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'masterclass-tickets-migration-'));
    const dataDir = path.join(work, 'data');
    const before = path.join(work, 'migrations');
    cpSync(migrationsDir, before, { recursive: true });
    for (const file of readdirSync(before)) if (file >= '1750001900') rmSync(path.join(before, file));
    // three rows of the seeded event, written before the tickets migration
    writeFileSync(path.join(before, '1750001899_rows_before_tickets.js'), `migrate((app) => {
  const event = app.findFirstRecordByData("events", "slug", ${JSON.stringify(loadHookModule<{ EVENT_SLUG: string }>('core/constants').EVENT_SLUG)});
  const registration = new Record(app.findCollectionByNameOrId("registrations"));
  registration.load({ event: event.id, kind: "promo", status: "completed", primary_email: "old@example.com", currency: "AUD", total_amount_cents: 0 });
  app.save(registration);
  for (const [email, status] of [["old@example.com", "confirmed"], ["observer@example.com", "confirmed_observer"], ["waiting@example.com", "waitlisted"]]) {
    const row = new Record(app.findCollectionByNameOrId("attendees"));
    row.load({ registration: registration.id, event: event.id, email, full_name: "Old Row", registration_status: status, privacy_consent: true });
    app.save(row);
  }
}, () => {});
`);
    const migrate = (dir: string) => execFileSync(pocketbaseBin, ['migrate', 'up', '--dir', dataDir, '--migrationsDir', dir, '--hooksDir', hooksDir], { stdio: 'pipe' });
    try {
      migrate(before);
      const after = path.join(work, 'migrations-after');
      cpSync(before, after, { recursive: true });
      for (const file of readdirSync(migrationsDir)) if (/^17500019\d\d_/.test(file)) cpSync(path.join(migrationsDir, file), path.join(after, file));
      migrate(after);
      const superuser = { email: 'superuser@test.local', password: unique('pw-') };
      upsertSuperuser({ dataDir, ...superuser });
      const running = await startPocketBase({ dataDir, httpAddr: `127.0.0.1:${await freePort()}`, env: { SIMULATED_CHECKOUT: 'on', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' } });
      try {
        const { default: PocketBaseClient } = await import('pocketbase');
        const client = new PocketBaseClient(running.url);
        await client.collection('_superusers').authWithPassword(superuser.email, superuser.password);
        const rows = await client.collection('attendees').getFullList({ sort: 'email' });
        const byEmail = Object.fromEntries(rows.map((row) => [row.email, row.ticket_code]));
        expect(byEmail['old@example.com']).toMatch(CODE_PATTERN);
        expect(byEmail['observer@example.com']).toMatch(CODE_PATTERN);
        expect(byEmail['waiting@example.com']).toBe('');
        expect(byEmail['old@example.com']).not.toBe(byEmail['observer@example.com']);
      } finally {
        await running.stop();
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
