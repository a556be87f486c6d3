// Manage Attendees' everyday actions against a real PocketBase and a real SMTP
// server: adding a person by hand (complimentary or paid elsewhere, with a
// reason; a seat counted like any other, in the same transaction, so two
// administrators adding the last seat at once seat exactly one; when full, a
// refusal or the observer / waitlist choice), resending the ticket (the
// confirmation with the current ticket; not to a waitlisted or cancelled
// person, nor after a cancellation that overtook it in the outbox), an offer
// made while the person is being deleted, and the list's and export's columns
// for check-in, amount paid, refund and registration date.
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import type { TestSmtpServer } from '../support/smtp';
import { createUser, unique, type TestUser } from './helpers';
import { CODE_PATTERN, ticketServerForFile, type TicketServer } from './ticket-helpers';
import { groupedTicketCode } from '@/lib/ticket';
import { joinWaitlist, newEvent, offersOf, seat } from './waitlist-offer-helpers';

let smtp: TestSmtpServer;
let server: TestServer;
let su: PocketBase;
let admin: TestUser;
let attendeeUser: TestUser;

ticketServerForFile((ready: TicketServer) => {
  ({ smtp, server, su, admin, attendeeUser } = ready);
});

const ADD = '/api/masterclass/admin/attendees';

async function call(user: TestUser | null, path: string, body?: unknown, method = 'POST') {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(user ? { Authorization: user.client.authStore.token } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text };
}

function person(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Wendy Walk-In', email: `${unique('wendy-')}@example.com`, company: 'Guest Co', basis: 'complimentary', reason: 'Speaker guest',
    ...overrides,
  };
}

const attendeesAt = (eventId: string) => su.collection('attendees').getFullList({ filter: su.filter('event = {:eventId}', { eventId }) });

async function listRow(eventId: string, attendeeId: string, sort = '-created') {
  const answer = await call(admin, `/api/masterclass/attendees?event=${eventId}&perPage=500&sort=${sort}`, undefined, 'GET');
  expect(answer.status).toBe(200);
  return { items: answer.body.items as Record<string, unknown>[], row: (answer.body.items as Record<string, unknown>[]).find((item) => item.id === attendeeId) };
}

async function csvOf(eventId: string, sort = '-created'): Promise<string[][]> {
  const response = await fetch(`${server.url}/api/masterclass/attendees.csv?event=${eventId}&sort=${sort}`, { headers: { Authorization: admin.client.authStore.token } });
  expect(response.status).toBe(200);
  // plain cells only in these tests: no quoting to undo
  return (await response.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line) => line.split(','));
}

describe('adding an attendee by hand', () => {
  it('is refused to guests (401) and attendees (403), and adds nobody', async () => {
    const event = await newEvent(su, { capacity: 5, sales_state: 'open' });
    expect((await call(null, ADD, { event: event.id, ...person() })).status).toBe(401);
    expect((await call(attendeeUser, ADD, { event: event.id, ...person() })).status).toBe(403);
    expect(await attendeesAt(event.id)).toHaveLength(0);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const event = await newEvent(su, { capacity: 5, sales_state: 'open' });
    const cases: [Record<string, unknown> | string, string, string][] = [
      ['not json', 'body', 'The request body must be a JSON object.'],
      [{ ...person(), basis: undefined }, 'basis', 'Choose how the seat is paid for: complimentary or paid elsewhere.'],
      [{ ...person(), basis: 'free' }, 'basis', 'Choose how the seat is paid for: complimentary or paid elsewhere.'],
      [{ ...person(), amountCents: 49500 }, 'amountCents', 'A complimentary seat has no amount: leave the amount empty, or choose Paid elsewhere.'],
      [{ ...person({ basis: 'paid_elsewhere' }) }, 'amountCents', 'Enter the amount paid elsewhere, in dollars and cents, more than $0.'],
      [{ ...person({ basis: 'paid_elsewhere', amountCents: -5 }) }, 'amountCents', 'Enter the amount paid elsewhere, in dollars and cents, more than $0.'],
      [{ ...person({ basis: 'paid_elsewhere', amountCents: 12.5 }) }, 'amountCents', 'Enter the amount paid elsewhere, in dollars and cents, more than $0.'],
      [{ ...person({ basis: 'paid_elsewhere', amountCents: '495' }) }, 'amountCents', 'Enter the amount paid elsewhere, in dollars and cents, more than $0.'],
      [{ ...person({ basis: 'paid_elsewhere', amountCents: 10_000_001 }) }, 'amountCents', 'The amount may be at most $100,000.'],
      [{ ...person({ reason: '   ' }) }, 'reason', 'Please give a reason: it is kept with the registration.'],
      [{ ...person({ reason: 'x'.repeat(501) }) }, 'reason', 'The reason may be at most 500 characters.'],
      [{ ...person({ email: 'wendy@example.co m' }) }, 'email', 'Invalid email address'],
      [{ ...person({ email: 'wendy@example.invalid' }) }, 'email', ''],
      [{ ...person({ fullName: 'W' }) }, 'fullName', 'Full name must be at least 2 characters'],
      [{ ...person({ role: 'Overlord' }) }, 'role', 'Please choose one of the listed roles.'],
      [{ ...person({ phoneNumber: 'call me' }) }, 'phoneNumber', 'Phone number may only contain digits, spaces and + ( ) - .'],
      [{ ...person({ whenFull: 'squeeze' }) }, 'whenFull', 'When the masterclass is full, they can be added as an observer or to the waitlist.'],
      [{ ...person(), status: 'confirmed' }, 'status', '"status" is not an accepted field.'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await call(admin, ADD, typeof body === 'string' ? body : { event: event.id, ...body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      if (field !== 'body') expect(answer.body.data[field], field).toBeDefined();
      if (message && field !== 'body') expect(answer.body.data[field].message).toBe(message);
      if (field === 'body') expect(answer.body.message).toBe(message);
    }
    expect((await call(admin, ADD, { ...person(), event: 'nope' })).status).toBe(400);
    expect((await call(admin, ADD, { ...person(), event: 'aaaaaaaaaaaaaaa' })).status).toBe(404);
    expect(await attendeesAt(event.id)).toHaveLength(0);
  });

  it('seats a complimentary guest with a ticket, the confirmation and the invitation, recorded as who added them and why', async () => {
    const event = await newEvent(su, { capacity: 5, sales_state: 'closed' });
    const body = person({ email: `${unique('Comp-')}@Example.com`, role: 'Senior Manager', phoneNumber: '+61 400 000 000' });
    const answer = await call(admin, ADD, { event: event.id, ...body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ placed: 'seat', emailWarning: false, attendee: { full_name: 'Wendy Walk-In', registration_status: 'confirmed' } });
    const row = await su.collection('attendees').getOne(answer.body.attendee.id);
    expect(row).toMatchObject({ email: body.email.toLowerCase(), company: 'Guest Co', role: 'Senior Manager', registration_status: 'confirmed' });
    expect(row.ticket_code).toMatch(CODE_PATTERN);
    const registration = await su.collection('registrations').getOne(row.registration);
    expect(registration).toMatchObject({
      kind: 'manual', status: 'completed', manual_basis: 'complimentary', total_amount_cents: 0, added_by: admin.id, added_reason: 'Speaker guest',
    });
    const to = row.email;
    const [confirmation] = await smtp.waitFor((mail) => mail.to.includes(to) && mail.subject.startsWith('Your place at'));
    expect(confirmation.text).toContain(`Ticket code: ${groupedTicketCode(row.ticket_code)}`);
    expect(confirmation.text).toContain('Amount paid: FREE');
    expect(confirmation.attachments.some((file) => file.filename === 'masterclass-ticket.png')).toBe(true);
    await smtp.waitFor((mail) => mail.to.includes(to) && mail.subject.startsWith('Create your account'));

    const { row: listed } = await listRow(event.id, row.id);
    expect(listed).toMatchObject({ registration_kind: 'manual', manual_basis: 'complimentary', amount_paid_cents: 0, added_reason: 'Speaker guest', checked_in_at: '' });
    // the same address again (any case): nobody is added twice
    const again = await call(admin, ADD, { event: event.id, ...body, email: body.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.data.email.message).toBe(`${body.email.toLowerCase()} is already registered for this masterclass (confirmed). Find them in the list instead.`);
    expect(await attendeesAt(event.id)).toHaveLength(1);
  });

  it('records a seat paid elsewhere with its amount, which the list, the export and the confirmation show', async () => {
    const event = await newEvent(su, { capacity: 5, sales_state: 'open' });
    const answer = await call(admin, ADD, { event: event.id, ...person({ basis: 'paid_elsewhere', amountCents: 49500, reason: 'Paid by invoice INV-7' }) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const id = answer.body.attendee.id;
    const { row } = await listRow(event.id, id);
    expect(row).toMatchObject({ amount_paid_cents: 49500, manual_basis: 'paid_elsewhere', currency: 'AUD' });
    const [header, line] = await csvOf(event.id);
    expect(line[header.indexOf('Amount Paid')]).toBe('495.00');
    expect(line[header.indexOf('Status')]).toBe('Confirmed');
    await smtp.waitFor((mail) => mail.to.includes(answer.body.attendee.email) && mail.text.includes('Amount paid: AUD 495.00'));
  });

  it('when no seat is free: refuses, or adds them as an observer or to the waitlist as asked', async () => {
    const event = await newEvent(su, { capacity: 1, sales_state: 'sold_out' });
    await seat(su, event.id, 1);
    const refused = await call(admin, ADD, { event: event.id, ...person() });
    expect(refused.status).toBe(409);
    expect(refused.body.data.seats.message).toBe(
      'No seat is free: every seat is taken, held in a checkout or held for an open waitlist offer. Add them as an observer (no seat) or to the waitlist instead.',
    );
    expect(await attendeesAt(event.id)).toHaveLength(1);

    const observer = await call(admin, ADD, { event: event.id, ...person(), whenFull: 'observer' });
    expect(observer.status).toBe(201);
    expect(observer.body).toMatchObject({ placed: 'observer', attendee: { registration_status: 'confirmed_observer' } });
    expect((await su.collection('attendees').getOne(observer.body.attendee.id)).ticket_code).not.toBe('');

    const waiting = await call(admin, ADD, { event: event.id, ...person(), whenFull: 'waitlist' });
    expect(waiting.status).toBe(201);
    expect(waiting.body).toMatchObject({ placed: 'waitlist', attendee: { registration_status: 'waitlisted' } });
    const row = await su.collection('attendees').getOne(waiting.body.attendee.id);
    expect(row.waitlist_confirmed_at).not.toBe('');
    expect(row.ticket_code).toBe('');
    await smtp.waitFor((mail) => mail.to.includes(row.email) && mail.subject.startsWith("We've registered your interest"));
    // a drafted masterclass takes nobody
    const draft = await newEvent(su, { capacity: 5, published: false });
    expect((await call(admin, ADD, { event: draft.id, ...person() })).body.data.event.message).toBe('This masterclass is a draft: publish it before adding attendees.');
    // nor does a cancelled one, with seats free: nobody added, no email
    const cancelled = await newEvent(su, { capacity: 5, sales_state: 'closed', cancelled_at: new Date().toISOString() });
    const refusedCancelled = await call(admin, ADD, { event: cancelled.id, ...person(), whenFull: 'waitlist' });
    expect(refusedCancelled.status).toBe(409);
    expect(refusedCancelled.body.data.event).toMatchObject({ code: 'event_cancelled', message: 'This masterclass has been cancelled, so nobody can be added to it.' });
    expect(await attendeesAt(cancelled.id)).toHaveLength(0);
  });

  it('gives the last seat to exactly one of two administrators adding at the same moment', async () => {
    const other = await createUser(server, su, 'administrator');
    for (let round = 0; round < 3; round += 1) {
      const event = await newEvent(su, { capacity: 3, sales_state: 'open' });
      await seat(su, event.id, 2);
      const answers = await Promise.all([admin, other].map((user) => call(user, ADD, { event: event.id, ...person() })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      const rows = await attendeesAt(event.id);
      expect(rows.filter((row) => row.registration_status === 'confirmed')).toHaveLength(3);
      expect(rows).toHaveLength(3);
    }
  });
});

describe('resending the ticket', () => {
  const resend = (user: TestUser | null, id: string) => call(user, `/api/masterclass/admin/attendees/${id}/resend-ticket`);

  async function added(eventId: string): Promise<RecordModel> {
    const answer = await call(admin, ADD, { event: eventId, ...person() });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return su.collection('attendees').getOne(answer.body.attendee.id);
  }

  it('sends the confirmation again with the current ticket, to administrators only', async () => {
    const event = await newEvent(su, { capacity: 5, sales_state: 'open' });
    const row = await added(event.id);
    expect((await resend(null, row.id)).status).toBe(401);
    expect((await resend(attendeeUser, row.id)).status).toBe(403);
    const regenerated = await call(admin, `/api/masterclass/admin/attendees/${row.id}/ticket`);
    expect(regenerated.status).toBe(200);
    const answer = await resend(admin, row.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ attendeeId: row.id, email: { to: row.email, status: 'sent' } });
    const mails = await smtp.waitFor((mail) => mail.to.includes(row.email) && mail.subject.startsWith('Your place at') && mail.text.includes(regenerated.body.ticket_code));
    expect(mails[0].text).not.toContain(row.ticket_code);
    expect((await resend(admin, 'aaaaaaaaaaaaaaa')).status).toBe(404);
    expect((await resend(admin, 'nope')).status).toBe(404);
  });

  it('refuses a waitlisted or cancelled person, and a confirmation that a cancellation overtook in the outbox is not sent', async () => {
    const event = await newEvent(su, { capacity: 1, sales_state: 'sold_out' });
    await seat(su, event.id, 1);
    const waiting = await call(admin, ADD, { event: event.id, ...person(), whenFull: 'waitlist' });
    const refused = await resend(admin, waiting.body.attendee.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Only confirmed attendees and observers have a ticket: this attendee is on the waitlist.');

    const open = await newEvent(su, { capacity: 5, sales_state: 'open' });
    const row = await added(open.id);
    const cancelled = await call(admin, `/api/masterclass/admin/attendees/${row.id}/cancel`, { reason: 'Asked by phone', amountCents: 0 });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await resend(admin, row.id)).body.message).toBe('Only confirmed attendees and observers have a ticket: this attendee is cancelled.');

    // A resend queued just before the cancellation committed (its delivery still waiting): it is not sent.
    const late = await su.collection('emails').create({
      to: row.email, subject: 'Your place is confirmed', html: '<p>ticket</p>', text: 'ticket', template: 'registration_confirmation',
      registration: row.registration, attendee: row.id, status: 'queued', attempts: 0, next_attempt_at: new Date(Date.now() - 1000).toISOString().replace('T', ' '),
    });
    await su.crons.run('masterclass_email_retry');
    await expect.poll(async () => (await su.collection('emails').getOne(late.id)).status, { timeout: 10_000 }).toBe('cancelled');
  });

  it('replaces its copy still waiting for the mail server instead of queueing a second one', async () => {
    const event = await newEvent(su, { capacity: 5, sales_state: 'open' });
    smtp.refuse('451 Try again later');
    try {
      const row = await added(event.id);
      const before = await su.collection('emails').getFullList({ filter: su.filter('to = {:to}', { to: row.email }) });
      for (let i = 0; i < 2; i += 1) expect((await resend(admin, row.id)).status).toBe(200);
      const after = await su.collection('emails').getFullList({ filter: su.filter('to = {:to}', { to: row.email }) });
      expect(after.map((mail) => mail.id).sort()).toEqual(before.map((mail) => mail.id).sort());
      expect(after.filter((mail) => mail.status === 'sent')).toEqual([]);
    } finally {
      smtp.refuse(null);
    }
  });

  it('a resend racing a cancellation either goes first or is refused, never both refused and sent', async () => {
    const event = await newEvent(su, { capacity: 5, sales_state: 'open' });
    const row = await added(event.id);
    const [resent, cancelled] = await Promise.all([
      resend(admin, row.id),
      call(admin, `/api/masterclass/admin/attendees/${row.id}/cancel`, { reason: 'Asked by phone', amountCents: 0 }),
    ]);
    expect(cancelled.status).toBe(200);
    expect([200, 409]).toContain(resent.status);
    const confirmations = await su.collection('emails').getFullList({ filter: su.filter('attendee = {:id} && template = "registration_confirmation"', { id: row.id }) });
    // the first confirmation, and the resend only if it went first: then it was sent or stopped, never left waiting
    expect(confirmations).toHaveLength(resent.status === 200 ? 2 : 1);
    expect(confirmations.every((mail) => ['sent', 'cancelled'].includes(mail.status))).toBe(true);
  });
});

describe('a seat offer from Manage Attendees', () => {
  it('made while the person is being deleted leaves no open offer behind and the seat free', async () => {
    const event = await newEvent(su, { capacity: 2, sales_state: 'sold_out' });
    await seat(su, event.id, 1);
    const [waiting] = await joinWaitlist(server, su, event.id, 1, {}, { confirm: 'quietly' });
    const [offered, deleted] = await Promise.all([
      call(admin, `/api/masterclass/admin/waitlist/${event.id}/offer`, { attendeeId: waiting.attendeeId }),
      admin.client.collection('attendees').delete(waiting.attendeeId).then(() => 204, (error: { status: number }) => error.status),
    ]);
    expect(deleted).toBe(204);
    expect([201, 409]).toContain(offered.status);
    await expect(su.collection('attendees').getOne(waiting.attendeeId)).rejects.toMatchObject({ status: 404 });
    expect(await offersOf(su, event.id, 'open')).toHaveLength(0);
    const summary = await call(null, `/api/masterclass/event?event=${event.id}`, undefined, 'GET');
    expect(summary.body.seats_left).toBe(1);
  });
});

describe('the list and the export', () => {
  it('show the check-in, the amount paid, the refund and the registration date, and sort by check-in and amount', async () => {
    const event = await newEvent(su, { capacity: 10, sales_state: 'open' });
    const paid = await call(admin, ADD, { event: event.id, ...person({ fullName: 'Paid Person', basis: 'paid_elsewhere', amountCents: 30000 }) });
    const comp = await call(admin, ADD, { event: event.id, ...person({ fullName: 'Comp Person' }) });
    const paidId = paid.body.attendee.id;
    const compId = comp.body.attendee.id;
    await su.collection('check_ins').create({
      attendee: compId, event: event.id, method: 'scan', scanned_at: '2031-06-18 00:45:00.000Z', received_at: '2031-06-18 00:45:01.000Z',
      ordered_at: '2031-06-18 00:45:00.000Z', device_name: 'Door 1',
    });
    // an undone check-in does not count
    await su.collection('check_ins').create({
      attendee: paidId, event: event.id, method: 'scan', scanned_at: '2031-06-18 00:40:00.000Z', received_at: '2031-06-18 00:40:01.000Z',
      ordered_at: '2031-06-18 00:40:00.000Z', device_name: 'Door 1', undone_at: '2031-06-18 00:41:00.000Z',
    });
    const paidRow = await su.collection('attendees').getOne(paidId);
    await su.collection('payment_actions').create({
      kind: 'refund', registration: paidRow.registration, attendee: paidId, amount_cents: 12375, currency: 'AUD', idempotency_key: unique('refund-'),
      status: 'pending', simulated: true,
    });

    const { row: compListed } = await listRow(event.id, compId);
    expect(compListed).toMatchObject({ checked_in_at: '2031-06-18 00:45:00.000Z', refund_cents: 0, refund_status: '', amount_paid_cents: 0 });
    const { row: paidListed } = await listRow(event.id, paidId);
    expect(paidListed).toMatchObject({ checked_in_at: '', amount_paid_cents: 30000, refund_cents: 12375, refund_status: 'pending', event: event.id });

    expect((await listRow(event.id, paidId, '-checked_in_at')).items.map((item) => item.full_name)).toEqual(['Comp Person', 'Paid Person']);
    expect((await listRow(event.id, paidId, 'checked_in_at')).items.map((item) => item.full_name)).toEqual(['Paid Person', 'Comp Person']);
    expect((await listRow(event.id, paidId, '-amount_paid')).items.map((item) => item.full_name)).toEqual(['Paid Person', 'Comp Person']);
    expect((await listRow(event.id, paidId, 'amount_paid')).items.map((item) => item.full_name)).toEqual(['Comp Person', 'Paid Person']);

    const [header, ...lines] = await csvOf(event.id, '-checked_in_at');
    expect(header.slice(12)).toEqual(['Status', 'Checked In', 'Amount Paid', 'Refund']);
    expect(lines.map((line) => line[0])).toEqual(['Comp Person', 'Paid Person']);
    const cell = (line: string[], name: string) => line[header.indexOf(name)];
    // 00:45 UTC is 10:15 in Adelaide (June: standard time, +9:30)
    expect(cell(lines[0], 'Checked In')).toBe('2031-06-18 10:15');
    expect(cell(lines[0], 'Amount Paid')).toBe('0.00');
    expect(cell(lines[1], 'Checked In')).toBe('');
    expect(cell(lines[1], 'Amount Paid')).toBe('300.00');
    expect(cell(lines[1], 'Refund')).toBe('123.75 (pending)');
    expect(cell(lines[1], 'Registration Date')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect((await csvOf(event.id, 'amount_paid')).slice(1).map((line) => line[0])).toEqual(['Comp Person', 'Paid Person']);
  });

  it('shows each seat’s own price, never a share of the order reckoned from its rows', async () => {
    const event = await newEvent(su, { capacity: 10, sales_state: 'open' });
    const registration = await su.collection('registrations').create({
      event: event.id, kind: 'paid', status: 'paid', primary_email: 'buyer@example.com', currency: 'AUD', total_amount_cents: 100001, paid_amount_cents: 100001,
    });
    const make = (email: string, price: number, extra: Record<string, unknown> = {}) => su.collection('attendees').create({
      registration: registration.id, event: event.id, email, full_name: email.split('@')[0], registration_status: 'confirmed', privacy_consent: true, price_cents: price, ...extra,
    });
    const guest = await make('guest@example.com', 50000);
    const buyer = await make('buyer@example.com', 50001);
    // a third row on the order (a colleague's, say) changes nobody's figure
    await make('other@example.com', 0, { registration_status: 'cancelled' });
    expect((await listRow(event.id, guest.id)).row?.amount_paid_cents).toBe(50000);
    expect((await listRow(event.id, buyer.id)).row?.amount_paid_cents).toBe(50001);
  });
});
