// Tickets against a real PocketBase and a real SMTP server: every confirmed
// attendee gets an unguessable code (on a promo registration, on payment, when
// a row becomes confirmed); the owner reads it, nobody else does and no client
// writes it; the door check (GET /api/masterclass/admin/tickets/verify) admits
// a valid ticket and refuses malformed, unknown, other-event, cancelled and
// replaced ones with a message, never a 500, and only for administrators;
// replacing a ticket voids the old one. Its emails: ticket-emails.test.ts; its
// format and the migration: ticket-format.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { ticketPayload as appPayload } from '@/lib/ticket';
import type { TestServer } from '../support/pocketbase';
import type { TestUser } from './helpers';
import { attendeesOf, paidBody, post, promoBody, register } from './registration-helpers';
import { CODE_PATTERN, PROMO_CODE, payloadOf, ticketCalls, ticketServerForFile, type TicketServer } from './ticket-helpers';

let started: TicketServer;
let server: TestServer;
let su: PocketBase;
let event: RecordModel;
let admin: TestUser;
let attendeeUser: TestUser;
let otherUser: TestUser;

ticketServerForFile((ready) => {
  started = ready;
  ({ server, su, event, admin, attendeeUser, otherUser } = ready);
});
const { attendeeRow, laterEvent, verify, regenerate } = ticketCalls(() => started);

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
