// The emails that carry a ticket, against a real PocketBase and a real SMTP
// server: the confirmation carries the ticket as a QR code PNG that reads back
// to the payload, and the calendar file names it; replacing a ticket emails
// the attendee the new one (not when their seat was cancelled meanwhile, nor
// to an anonymised row); a confirmation sent after a regenerate shows the new
// code in its text as in its image and its calendar.
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { groupedTicketCode, ticketPayload as appPayload } from '@/lib/ticket';
import type { TestServer } from '../support/pocketbase';
import { readQrFromPng } from '../support/qr';
import type { ReceivedMail, TestSmtpServer } from '../support/smtp';
import { createUser, type TestUser } from './helpers';
import { attendeesOf, minutesFromNow, promoBody, register } from './registration-helpers';
import { APP_URL, PROMO_CODE, payloadOf, ticketCalls, ticketServerForFile, type TicketServer } from './ticket-helpers';

let started: TicketServer;
let smtp: TestSmtpServer;
let server: TestServer;
let su: PocketBase;
let event: RecordModel;
let admin: TestUser;
let attendeeUser: TestUser;
let otherUser: TestUser;

ticketServerForFile((ready) => {
  started = ready;
  ({ smtp, server, su, event, admin, attendeeUser, otherUser } = ready);
});
const { attendeeRow, verify, regenerate } = ticketCalls(() => started);

describe('the confirmation email and the calendar', () => {
  const to = (address: string) => (mail: ReceivedMail) => mail.to.includes(address.toLowerCase());

  it('the confirmation carries the QR code as a PNG that reads back to the payload, the code in its text and the calendar', async () => {
    const body = promoBody(PROMO_CODE);
    const created = await register(server, body);
    expect(created.status).toBe(201);
    const [row] = await attendeesOf(su, created.body.registrationId);
    const email = String((body.attendees[0] as { email: string }).email);
    const [mail] = await smtp.waitFor((candidate) => to(email)(candidate) && candidate.subject.startsWith('Your place at'));

    const image = mail.attachments.find((attachment) => attachment.filename === 'masterclass-ticket.png');
    expect(image).toBeDefined();
    expect(image!.contentType).toBe('image/png');
    expect(image!.contentId).toBe('masterclass-ticket.png');
    expect(readQrFromPng(image!.bytes)).toBe(payloadOf(row));
    expect(mail.html).toContain('src="cid:masterclass-ticket.png"');
    expect(mail.text).toContain(`Ticket code: ${groupedTicketCode(row.ticket_code)}`);
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
    expect(mail.subject).toBe('Your new ticket for the AI Champions Masterclass');
    expect(ticketImage(mail)).toBe(appPayload(event.id, first.body.ticket_code));
    expect(mail.html).toContain('src="cid:masterclass-ticket.png"');
    expect(mail.text).toContain(`Ticket code: ${groupedTicketCode(first.body.ticket_code)}`);
    expect(mail.text).toContain('Your previous ticket no longer works');
    expect(mail.text).toContain(`${APP_URL}/dashboard/ticket`);
    expect(mail.text).toContain('Once you have created your account'); // this attendee has no account yet
    expect(`${mail.text}${mail.html}`).not.toContain(row.ticket_code);
    expect(await verify(admin.client, payloadOf(row))).toMatchObject({ status: 410 });

    const second = await regenerate(admin.client, row.id);
    expect(second.status).toBe(200);
    const mails = await smtp.waitFor(newTicketTo(row.email), 2);
    expect(ticketImage(mails[1])).toBe(appPayload(event.id, second.body.ticket_code));
    expect(mails[1].text).toContain(`Ticket code: ${groupedTicketCode(second.body.ticket_code)}`);
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
      expect(queued.text).toContain(`Ticket code: ${groupedTicketCode(row.ticket_code)}`);
      const answer = await regenerate(admin.client, row.id);
      expect(answer.status).toBe(200);
      renewed = answer.body;
      expect(renewed.email.status).toBe('queued'); // the mail server refused it too; the cron retries it
    } finally {
      smtp.refuse(null);
    }
    expect(smtp.messages.filter(to(address))).toHaveLength(0);

    await retryNow(await su.collection('emails').getFullList({ filter: `attendee = "${row!.id}" && status = "queued"` }));
    const [confirmation] = await smtp.waitFor((mail) => to(address)(mail) && mail.subject.startsWith('Your place at'));
    expect(ticketImage(confirmation)).toBe(renewed!.payload);
    expect(confirmation.text).toContain(`Ticket code: ${groupedTicketCode(renewed!.ticket_code)}`);
    expect(confirmation.html).toContain(renewed!.ticket_code);
    expect(confirmation.text).toContain(`event.ics?event=${event.id}&ticket=${renewed!.ticket_code}`);
    const calendar = confirmation.attachments.find((attachment) => attachment.filename === 'ai-champions-masterclass.ics')!;
    expect(calendar.content.replace(/\r\n[ \t]/g, '')).toContain(`: ${renewed!.ticket_code}`);
    for (const part of [confirmation.text, confirmation.html, calendar.content.replace(/\r\n[ \t]/g, '')]) {
      expect(part).not.toContain(row!.ticket_code);
      expect(part).not.toContain(groupedTicketCode(row!.ticket_code)); // nor in groups of four, as people read it
    }
    // the new ticket's own email, sent by the same retry, agrees
    const [newTicket] = await smtp.waitFor(newTicketTo(address));
    expect(ticketImage(newTicket)).toBe(renewed!.payload);
    // the outbox shows what was sent
    const [sent] = await su.collection('emails').getFullList({ filter: `attendee = "${row!.id}" && template = "registration_confirmation"` });
    expect(sent.status).toBe('sent');
    expect(sent.text).toContain(`Ticket code: ${groupedTicketCode(renewed!.ticket_code)}`);
    expect(`${sent.text}${sent.html}`).not.toContain(row!.ticket_code);
    expect(`${sent.text}${sent.html}`).not.toContain(groupedTicketCode(row!.ticket_code));
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
