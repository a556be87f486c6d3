// Self-service cancellation (pb_hooks/lib/cancellation/self-service.js, admin-routes.js) on a real
// PocketBase taking payments through the simulated checkout and delivering
// mail to a real SMTP server: the owner in the portal and the signed link in
// the confirmation email preview and cancel with the terms' refund; the seat
// frees; the notice goes out with the amount; a simulated payment's refund is
// recorded and settled without Stripe; every refusal (started, twice,
// waitlisted, someone else's, no sign-in, forged / expired / other attendee's
// link, a changed refund, bad input) answers clearly and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { startTestServer, LIMITS_RAISED, type TestServer } from '../support/pocketbase';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp';
import { createUser, seatAt, type TestUser } from './helpers';
import { attendee as attendeeBody, attendeesOf, emailsOf, openSales, post, register, seatsLeft } from './registration-helpers';
import {
  DAY_MS, TIER_WORDS, cancel, cancellationSecret, linkToken, preview, snapshot, startEventIn, waitFor,
} from './cancellation-helpers';
import { masterclassEvent } from '../support/masterclassEvent';

const APP_URL = 'https://masterclass.example.com';

let smtp: TestSmtpServer;
let server: TestServer;
let su: PocketBase;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({
    env: { ...LIMITS_RAISED, APP_URL, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '' },
  });
  su = await server.admin();
  await openSales(su, { capacity: 300 });
  [owner, stranger] = await Promise.all([createUser(server, su, 'attendee'), createUser(server, su, 'attendee')]);
});

afterAll(async () => {
  await Promise.all([server?.stop(), smtp?.stop()]);
});

/** A paid registration of `count` attendees paid through the simulated checkout; its attendees, the one who registered first. */
async function registerAndPay(count = 1): Promise<{ registrationId: string; attendees: RecordModel[] }> {
  const attendees = Array.from({ length: count }, () => attendeeBody());
  const created = await register(server, { mode: 'paid', attendees, privacyConsent: true, marketingConsent: false });
  expect(created.status).toBe(201);
  expect((await post(server, `/api/masterclass/checkout/simulated/${created.body.sessionId}/pay`)).status).toBe(200);
  const rows = await attendeesOf(su, created.body.registrationId);
  const ordered = attendees.map((sent) => rows.find((row) => row.email === sent.email)!);
  return { registrationId: created.body.registrationId, attendees: ordered };
}

/** Links the row to the owner's account, as signing up does. */
const giveTo = (user: TestUser, attendee: RecordModel) => su.collection('attendees').update(attendee.id, { user: user.id });

const to = (address: string) => (mail: ReceivedMail) => mail.to.includes(address.toLowerCase());
const cancellationMails = (address: string) => (mail: ReceivedMail) => to(address)(mail) && mail.subject.startsWith('Your registration for the');

describe('the owner in the portal', () => {
  it('previews the full refund, cancels, frees the seat and gets the notice; the simulated refund is settled without Stripe', async () => {
    await startEventIn(su, 30);
    const { registrationId, attendees: [row] } = await registerAndPay();
    await giveTo(owner, row);
    const seatsBefore = await seatsLeft(server);

    const shown = await preview(server, { attendee: row.id }, owner.client.authStore.token);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      attendee: { id: row.id, fullName: row.full_name, email: row.email },
      paidCents: 49500, paidText: 'AUD 495.00', refundCents: 49500, refundText: 'AUD 495.00',
      percent: 100, tier: 'full', tierWords: TIER_WORDS.full, free: false, simulated: true,
    });
    // until 14 days before the start, at the start's wall-clock time
    const event = await masterclassEvent(su);
    expect(new Date(shown.body.until).getTime()).toBeLessThanOrEqual(new Date(event.starts_at).getTime() - 13 * DAY_MS);
    expect(shown.body.untilText).toMatch(/^\w+day \d{1,2} \w+ \d{4}, \d{1,2}:\d{2} [ap]m AC[SD]T$/);

    const done = await cancel(server, { attendee: row.id, expectedRefundCents: 49500 }, owner.client.authStore.token);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ cancelled: true, refundCents: 49500, refundText: 'AUD 495.00', refundStatus: 'done', simulated: true });

    const cancelled = await su.collection('attendees').getOne(row.id);
    expect(cancelled).toMatchObject({ registration_status: 'cancelled', cancelled_by: 'attendee' });
    expect(cancelled.cancelled_at).not.toBe('');
    expect(await seatsLeft(server)).toBe(seatsBefore + 1);
    // the registration stays paid: a late replay of its payment must not refund the whole of it again
    expect((await su.collection('registrations').getOne(registrationId)).status).toMatch(/^(paid|completed)$/);

    const [action] = await su.collection('payment_actions').getFullList({ filter: su.filter('attendee = {:id}', { id: row.id }) });
    expect(action).toMatchObject({
      kind: 'refund', registration: registrationId, attendee: row.id, amount_cents: 49500, currency: 'AUD', status: 'done',
      simulated: true, stripe_status: 'simulated', payment_intent: '', idempotency_key: `refund-attendee-${row.id}`, reason: TIER_WORDS.full,
    });

    const [mail] = await smtp.waitFor(cancellationMails(row.email as string));
    expect(mail.subject).toBe('Your registration for the AI Champions Masterclass is cancelled');
    expect(mail.text).toContain('As you asked, your registration for the AI CHAMPIONS MASTERCLASS');
    expect(mail.text).toContain('A refund of AUD 495.00 is recorded. This registration was paid through the test-mode checkout, so no money moves.');
    expect(mail.html).toContain('#1c2a5e');
    const outbox = (await emailsOf(su, registrationId)).find((email) => email.template === 'cancellation_notice');
    expect(outbox).toMatchObject({ to: row.email, attendee: row.id, status: 'sent' });
  });

  it('offers no refund within 7 days and says why; a free registration has nothing to refund; neither records a refund', async () => {
    await startEventIn(su, 3);
    const paid = await registerAndPay();
    await giveTo(owner, paid.attendees[0]);
    const shown = await preview(server, { attendee: paid.attendees[0].id }, owner.client.authStore.token);
    expect(shown.body).toMatchObject({ refundCents: 0, percent: 0, tier: 'none', tierWords: TIER_WORDS.none, until: '', free: false, simulated: false });
    expect((await cancel(server, { attendee: paid.attendees[0].id, expectedRefundCents: 0 }, owner.client.authStore.token)).body)
      .toMatchObject({ cancelled: true, refundCents: 0, refundStatus: 'none' });
    const [none] = await smtp.waitFor(cancellationMails(paid.attendees[0].email as string));
    expect(none.text).toContain(`No refund is due under our terms: ${TIER_WORDS.none}`);

    await startEventIn(su, 30);
    const event = await masterclassEvent(su);
    const free = await seatAt(su, owner, event.id);
    const freeShown = await preview(server, { attendee: free.id }, owner.client.authStore.token);
    expect(freeShown.body).toMatchObject({ paidCents: 0, refundCents: 0, percent: 100, free: true });
    expect((await cancel(server, { attendee: free.id, expectedRefundCents: 0 }, owner.client.authStore.token)).status).toBe(200);
    const [freeMail] = await smtp.waitFor(cancellationMails(owner.email));
    expect(freeMail.text).toContain('Your registration was free, so there is nothing to refund.');

    const actions = await su.collection('payment_actions').getFullList({
      filter: su.filter('attendee = {:a} || attendee = {:b}', { a: paid.attendees[0].id, b: free.id }),
    });
    expect(actions).toEqual([]);
  });

  it('refuses when the refund changed since the preview, and writes nothing', async () => {
    await startEventIn(su, 30);
    const { attendees: [row] } = await registerAndPay();
    await giveTo(owner, row);
    expect((await preview(server, { attendee: row.id }, owner.client.authStore.token)).body.refundCents).toBe(49500);
    // meanwhile the 14-day boundary passes
    await startEventIn(su, 10);
    const before = await snapshot(su, row.id);
    const refused = await cancel(server, { attendee: row.id, expectedRefundCents: 49500 }, owner.client.authStore.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`The refund has changed since it was shown to you: it is now AUD 247.50 (${TIER_WORDS.half}). Please check it and confirm again.`);
    expect(refused.body.data.expectedRefundCents).toMatchObject({ code: 'refund_changed', preview: { refundCents: 24750, tier: 'half' } });
    expect(await snapshot(su, row.id)).toEqual(before);
    // confirming the new amount cancels
    expect((await cancel(server, { attendee: row.id, expectedRefundCents: 24750 }, owner.client.authStore.token)).body)
      .toMatchObject({ cancelled: true, refundCents: 24750, refundStatus: 'done' });
  });
});

describe('the signed link in the confirmation email', () => {
  it('is in each attendee\'s confirmation (hidden in the outbox copy), previews and cancels that attendee only, at half refund', async () => {
    await startEventIn(su, 10);
    const { registrationId, attendees } = await registerAndPay(3);
    const second = attendees[1];

    const [confirmation] = await smtp.waitFor((mail) => to(second.email as string)(mail) && mail.subject.startsWith('Your place at'));
    const match = /https:\/\/masterclass\.example\.com\/cancel\?\S+/.exec(confirmation.text);
    expect(match).not.toBeNull();
    const link = new URL(match![0]);
    expect(link.searchParams.get('attendee')).toBe(second.id);
    const token = link.searchParams.get('token')!;
    expect(confirmation.text).toContain(`Refunds follow our terms: ${TIER_WORDS.full} ${TIER_WORDS.half} ${TIER_WORDS.none}`);
    // administrators read the outbox: the link there does not work
    const outboxCopy = (await emailsOf(su, registrationId)).find((email) => email.attendee === second.id && email.template === 'registration_confirmation')!;
    expect(outboxCopy.text).toContain(`${APP_URL}/cancel?attendee=${second.id}&token=[hidden]`);
    expect(outboxCopy.html).not.toContain(token);

    const shown = await preview(server, { attendee: second.id, token });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ paidCents: 49500, refundCents: 24750, refundText: 'AUD 247.50', percent: 50, tier: 'half', tierWords: TIER_WORDS.half });
    const first = await preview(server, { attendee: attendees[0].id, token: linkToken(await cancellationSecret(su), attendees[0].id, new Date(Date.now() + DAY_MS)) });
    expect(first.body).toMatchObject({ paidCents: 49500, refundCents: 24750 });

    const seatsBefore = await seatsLeft(server);
    const done = await cancel(server, { attendee: second.id, token, expectedRefundCents: 24750 });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ cancelled: true, refundCents: 24750, refundStatus: 'done' });
    expect(await seatsLeft(server)).toBe(seatsBefore + 1);
    const rows = await attendeesOf(su, registrationId);
    expect(rows.map((row) => [row.id, row.registration_status]).sort()).toEqual(
      attendees.map((row) => [row.id, row.id === second.id ? 'cancelled' : 'confirmed']).sort(),
    );
    expect(rows.find((row) => row.id === second.id)!.cancelled_by).toBe('link');

    // the attendee is told; so is whoever paid, since the money goes back to their card
    const [notice] = await smtp.waitFor(cancellationMails(second.email as string));
    expect(notice.text).toContain('AUD 247.50');
    const [payerNotice] = await smtp.waitFor((mail) => to(attendees[0].email as string)(mail) && mail.subject.startsWith('A registration you paid for at the'));
    expect(payerNotice.text).toContain(`${second.full_name}'s registration for the AI CHAMPIONS MASTERCLASS`);
    expect(payerNotice.text).toContain('The other attendees of your registration keep their seats.');

    // the same link again
    const again = await cancel(server, { attendee: second.id, token, expectedRefundCents: 24750 });
    expect(again).toMatchObject({ status: 409, body: { message: 'This registration has already been cancelled.' } });
  });

  it('refuses forged, expired and other attendees\' links, with nothing written', async () => {
    await startEventIn(su, 30);
    const { attendees: [row, other] } = await registerAndPay(2);
    const secret = await cancellationSecret(su);
    const valid = linkToken(secret, row.id, new Date(Date.now() + DAY_MS));
    const before = await snapshot(su, row.id);

    const cases: [string, Record<string, string>, number, string][] = [
      ['forged', { attendee: row.id, token: `${valid.split('.')[0]}.${'0'.repeat(64)}` }, 403, 'This cancellation link is not valid. Please use the link in your confirmation email, or sign in to the attendee portal.'],
      ['signed with another key', { attendee: row.id, token: linkToken('not-the-secret', row.id, new Date(Date.now() + DAY_MS)) }, 403, 'This cancellation link is not valid. Please use the link in your confirmation email, or sign in to the attendee portal.'],
      ['another attendee\'s', { attendee: row.id, token: linkToken(secret, other.id, new Date(Date.now() + DAY_MS)) }, 403, 'This cancellation link is not valid. Please use the link in your confirmation email, or sign in to the attendee portal.'],
      ['expiry changed', { attendee: row.id, token: `${Number(valid.split('.')[0]) + 1}.${valid.split('.')[1]}` }, 403, 'This cancellation link is not valid. Please use the link in your confirmation email, or sign in to the attendee portal.'],
      ['expired', { attendee: row.id, token: linkToken(secret, row.id, new Date(Date.now() - 1000)) }, 403, 'This cancellation link has expired. Please sign in to the attendee portal or contact us if you need help.'],
      ['malformed', { attendee: row.id, token: 'abc' }, 403, 'This cancellation link is not valid. Please use the link in your confirmation email, or sign in to the attendee portal.'],
      ['no attendee', { attendee: 'nope', token: valid }, 400, 'Say which registration to cancel: the attendee must be given by its id.'],
      ['no link, no sign-in', { attendee: row.id }, 401, 'Please sign in, or open the cancellation link in your confirmation email.'],
    ];
    for (const [name, params, status, message] of cases) {
      const shown = await preview(server, params);
      expect([name, shown.status, shown.body.message]).toEqual([name, status, message]);
      const posted = await cancel(server, { attendee: params.attendee, token: params.token, expectedRefundCents: 49500 });
      expect([name, posted.status, posted.body.message]).toEqual([name, status, message]);
    }
    // an unknown attendee with a token signed for it is simply not found
    const ghost = 'abcdefghijklmno';
    expect((await preview(server, { attendee: ghost, token: linkToken(secret, ghost, new Date(Date.now() + DAY_MS)) })).status).toBe(404);
    expect(await snapshot(su, row.id)).toEqual(before);
    expect(await snapshot(su, other.id)).toMatchObject({ status: 'confirmed' });
  });
});

describe('what cannot be cancelled', () => {
  it('refuses someone else\'s row, a started masterclass, a waitlist entry, a cancelled row and bad input, writing nothing', async () => {
    await startEventIn(su, 30);
    const { attendees: [row] } = await registerAndPay();
    await giveTo(owner, row);
    const ownerToken = owner.client.authStore.token;
    const before = await snapshot(su, row.id);

    // someone else's row answers as if it did not exist
    for (const answer of [await preview(server, { attendee: row.id }, stranger.client.authStore.token),
      await cancel(server, { attendee: row.id, expectedRefundCents: 49500 }, stranger.client.authStore.token)]) {
      expect(answer).toMatchObject({ status: 404, body: { message: 'We could not find this registration.' } });
    }

    const badBodies: [unknown, string][] = [
      [{ attendee: row.id }, 'Please confirm the refund you were shown: expectedRefundCents must be a whole number of cents.'],
      [{ attendee: row.id, expectedRefundCents: '49500' }, 'Please confirm the refund you were shown: expectedRefundCents must be a whole number of cents.'],
      [{ attendee: row.id, expectedRefundCents: -1 }, 'Please confirm the refund you were shown: expectedRefundCents must be a whole number of cents.'],
      [{ attendee: row.id, expectedRefundCents: 12.5 }, 'Please confirm the refund you were shown: expectedRefundCents must be a whole number of cents.'],
      [{ attendee: 42, expectedRefundCents: 0 }, 'Say which registration to cancel: the attendee must be given by its id.'],
      ['{"attendee":', 'The request body must be a JSON object.'],
      ['[1,2]', 'The request body must be a JSON object.'],
    ];
    for (const [body, message] of badBodies) {
      expect(await cancel(server, body, ownerToken)).toMatchObject({ status: 400, body: { message } });
    }
    expect(await snapshot(su, row.id)).toEqual(before);

    // the masterclass has started
    const event = await masterclassEvent(su);
    await su.collection('events').update(event.id, { starts_at: new Date(Date.now() - 60_000).toISOString(), ends_at: new Date(Date.now() + 3 * 3600_000).toISOString() });
    const started = 'The masterclass has started, so this registration can no longer be cancelled.';
    expect(await preview(server, { attendee: row.id }, ownerToken)).toMatchObject({ status: 409, body: { message: started } });
    expect(await cancel(server, { attendee: row.id, expectedRefundCents: 0 }, ownerToken)).toMatchObject({ status: 409, body: { message: started } });
    expect(await snapshot(su, row.id)).toEqual(before);
    await startEventIn(su, 30);

    const waitlisted = await seatAt(su, owner, event.id, 'waitlisted');
    expect(await cancel(server, { attendee: waitlisted.id, expectedRefundCents: 0 }, ownerToken))
      .toMatchObject({ status: 409, body: { message: 'This is a waitlist entry, which holds no seat: there is nothing to cancel.' } });
    const cancelledRow = await seatAt(su, owner, event.id, 'cancelled');
    expect(await cancel(server, { attendee: cancelledRow.id, expectedRefundCents: 0 }, ownerToken))
      .toMatchObject({ status: 409, body: { message: 'This registration has already been cancelled.' } });
    const observer = await seatAt(su, owner, event.id, 'confirmed_observer');
    expect(await cancel(server, { attendee: observer.id, expectedRefundCents: 0 }, ownerToken))
      .toMatchObject({ status: 409, body: { message: 'Only a confirmed registration can be cancelled.' } });
    for (const untouched of [waitlisted, cancelledRow, observer]) {
      expect((await su.collection('attendees').getOne(untouched.id)).registration_status).toBe(untouched.registration_status);
    }
  });

  it('keeps the attendee rules tight: nobody writes the cancellation fields or refunds through the API', async () => {
    await startEventIn(su, 30);
    const { attendees: [row] } = await registerAndPay();
    await giveTo(owner, row);
    const admin = await createUser(server, su, 'administrator');
    const refusedAdmin = await admin.client.collection('attendees').update(row.id, { registration_status: 'cancelled', cancelled_by: 'administrator', cancellation_reason: 'x' })
      .then(() => null, (error: { status: number; response: { data: Record<string, { code: string }> } }) => error);
    expect(refusedAdmin?.status).toBe(400);
    expect(Object.keys(refusedAdmin!.response.data).sort()).toEqual(['cancelled_by', 'registration_status']);
    // the reason is hidden: what a client sends for it is dropped
    await admin.client.collection('attendees').update(row.id, { cancellation_reason: 'set through the API' }).catch(() => null);
    expect((await su.collection('attendees').getOne(row.id)).cancellation_reason).toBe('');
    await expect(owner.client.collection('attendees').update(row.id, { registration_status: 'cancelled' })).rejects.toMatchObject({ status: 404 });
    await expect(owner.client.collection('payment_actions').getList(1, 1)).resolves.toMatchObject({ totalItems: 0 });
    await expect(admin.client.collection('payment_actions').create({ kind: 'refund', registration: row.registration, idempotency_key: 'x', status: 'done' }))
      .rejects.toMatchObject({ status: 403 });
    // the attendee reads their own row with its cancellation date, never an administrator's reason
    expect(Object.keys(await owner.client.collection('attendees').getOne(row.id))).toEqual(expect.arrayContaining(['cancelled_at', 'cancelled_by']));
    expect(Object.keys(await owner.client.collection('attendees').getOne(row.id))).not.toContain('cancellation_reason');
    expect((await su.collection('attendees').getOne(row.id)).registration_status).toBe('confirmed');
  });
});

describe('the freed seat', () => {
  it('is a normal save of the attendee row: record hooks see it, and the waitlist is offered the seat', async () => {
    await startEventIn(su, 30);
    const { attendees: [row] } = await registerAndPay();
    await giveTo(owner, row);
    const event = await masterclassEvent(su);
    // full and Sold out (seats are offered only then): nothing free until the cancellation
    await su.collection('events').update(event.id, { capacity: event.capacity - (await seatsLeft(server)), sales_state: 'sold_out' });
    expect(await seatsLeft(server)).toBe(0);
    const waiting = await seatAt(su, stranger, event.id, 'waitlisted');
    // their address confirmed with the link in their waitlist email
    await su.collection('attendees').update(waiting.id, { waitlist_confirmed_at: new Date().toISOString() });
    const offersFor = () => su.collection('waitlist_offers').getFullList({ filter: su.filter('event = {:event} && trigger = "cancellation"', { event: event.id }) });
    const before = (await offersFor()).length;

    expect((await cancel(server, { attendee: row.id, expectedRefundCents: 49500 }, owner.client.authStore.token)).status).toBe(200);
    const offers = await waitFor(offersFor, (list) => list.length > before);
    expect(offers.map((offer) => offer.status)).toContain('open');
    await su.collection('events').update(event.id, { capacity: 300, sales_state: 'open' });
  });
});

