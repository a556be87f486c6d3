// POST /api/masterclass/invitations/resend against a real PocketBase and a
// real SMTP server: every well-formed request gets the same answer (status,
// body, and about the same time) whether or not the address is known; the
// work happens in the `invitationResends` job, which mails the invitation
// again only to a confirmed attendee without an account, never to a
// waitlisted, cancelled or unknown address nor to one that already signed up;
// requests are limited per address (known or not, alike) and per client; bad
// input is a 400 that queues nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { arrangeAttendee, invitationSecret, invitationToken } from './account-helpers';
import { createUser, unique } from './helpers';

let smtp: TestSmtpServer;
let server: TestServer;
let su: PocketBase;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({
    env: {
      SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '',
      APP_URL: 'https://masterclass.example.com',
      TRUSTED_PROXY_HEADERS: 'X-Forwarded-For',
      RATE_LIMIT_INVITATION_RESEND: '2/3600',
      RATE_LIMIT_INVITATION_RESEND_CLIENT: '12/3600',
    },
  });
  su = await server.admin();
});

afterAll(async () => {
  await Promise.all([server?.stop(), smtp?.stop()]);
});

interface Answer {
  status: number;
  text: string;
  ms: number;
}

let clientCount = 0;
/** A fresh client address (behind the trusted proxy), so each test has its own per-client budget. */
const newClient = () => `198.51.100.${(clientCount += 1)}`;

async function ask(body: unknown, client: string): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/masterclass/invitations/resend`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started };
}

/** Runs the job now and waits for it to finish (the cron route answers before the job ends). */
async function runResendJob(): Promise<void> {
  const runs = async () => {
    const found = await su.collection('job_runs').getList(1, 1, { filter: 'job = "invitationResends"' });
    return found.items[0] ? { runs: found.items[0].runs as number, error: found.items[0].last_error as string } : { runs: 0, error: '' };
  };
  const before = (await runs()).runs;
  await su.crons.run('invitationResends');
  await expect.poll(async () => (await runs()).runs, { timeout: 20_000 }).toBeGreaterThan(before);
  const after = await runs();
  expect(after.error).toBe('');
}

const invitationTo = (address: string) => (mail: ReceivedMail) =>
  mail.to.some((to) => to.toLowerCase() === address.toLowerCase()) && mail.subject.includes('Create your account');
const mailsTo = (address: string) => smtp.messages.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('POST /api/masterclass/invitations/resend', () => {
  it('answers a confirmed attendee, a waitlisted, a cancelled, a signed-up and an unknown address exactly alike', async () => {
    const confirmed = await arrangeAttendee(su);
    const waitlisted = await arrangeAttendee(su, { registration_status: 'waitlisted' });
    const cancelled = await arrangeAttendee(su, { registration_status: 'cancelled' });
    const member = await createUser(server, su, 'attendee');
    const signedUp = await arrangeAttendee(su, { email: member.email });
    const unknown = `${unique('nobody-')}@example.com`;
    const addresses = [confirmed.email, waitlisted.email, cancelled.email, signedUp.email, unknown] as string[];

    const answers: Answer[] = [];
    for (const address of addresses) answers.push(await ask({ email: address }, newClient()));
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.text).toBe(answers[0].text);
    }
    expect(JSON.parse(answers[0].text)).toEqual({
      message: 'If this address belongs to a registered attendee who has not created an account yet, we will email the invitation again within a few minutes.',
    });

    // about the same time: the route reads nothing about the address (medians of alternating requests)
    const known: number[] = [];
    const stranger: number[] = [];
    const attendees = await Promise.all(Array.from({ length: 7 }, () => arrangeAttendee(su)));
    for (const row of attendees) {
      const [mine, theirs] = [await ask({ email: row.email }, newClient()), await ask({ email: `${unique('nobody-')}@example.com` }, newClient())];
      expect([mine.status, theirs.status]).toEqual([202, 202]);
      known.push(mine.ms);
      stranger.push(theirs.ms);
    }
    // within 50 ms, or half the slower median on a machine too busy for that
    const [a, b] = [median(known), median(stranger)];
    expect(Math.abs(a - b)).toBeLessThan(Math.max(50, Math.max(a, b) / 2));
  });

  it('mails the invitation again only to a confirmed attendee without an account', async () => {
    const confirmed = await arrangeAttendee(su);
    const observer = await arrangeAttendee(su, { registration_status: 'confirmed_observer' });
    const waitlisted = await arrangeAttendee(su, { registration_status: 'waitlisted' });
    const cancelled = await arrangeAttendee(su, { registration_status: 'cancelled' });
    const member = await createUser(server, su, 'attendee');
    const signedUp = await arrangeAttendee(su, { email: member.email });
    const unknown = `${unique('nobody-')}@example.com`;
    const client = newClient();
    for (const address of [confirmed.email, observer.email, waitlisted.email, cancelled.email, signedUp.email, unknown]) {
      expect((await ask({ email: ` ${String(address).toUpperCase()} ` }, client)).status).toBe(202);
    }
    // nothing is sent while the request is answered
    expect(mailsTo(confirmed.email)).toHaveLength(0);

    await runResendJob();
    const [mail] = await smtp.waitFor(invitationTo(confirmed.email));
    // the working link, for this attendee and address
    const token = invitationToken(await invitationSecret(su), confirmed.id, confirmed.email);
    expect(mail.text).toContain(`attendeeId=${confirmed.id}`);
    expect(mail.text).toContain(`token=${token}`);
    await smtp.waitFor(invitationTo(observer.email));
    for (const address of [waitlisted.email, cancelled.email, signedUp.email, unknown]) expect(mailsTo(address)).toHaveLength(0);
    // the outbox and the attendee row say so, as after an administrator's Send
    const outbox = await su.collection('emails').getFullList({ filter: su.filter('attendee = {:id} && template = "user_account_invite"', { id: confirmed.id }) });
    expect(outbox.map((email) => email.status)).toEqual(['sent']);
    expect((await su.collection('attendees').getOne(confirmed.id)).invitation_sent).toBe(true);

    // the queue is empty after the run: running again sends nothing more
    await runResendJob();
    expect(mailsTo(confirmed.email)).toHaveLength(1);
  });

  it('limits requests per address, known or not alike, and per client; refused requests send nothing', async () => {
    const confirmed = await arrangeAttendee(su);
    const unknown = `${unique('nobody-')}@example.com`;
    for (const address of [confirmed.email, unknown]) {
      expect((await ask({ email: address }, newClient())).status).toBe(202);
      expect((await ask({ email: address }, newClient())).status).toBe(202);
    }
    const refusedKnown = await ask({ email: confirmed.email }, newClient());
    const refusedUnknown = await ask({ email: unknown }, newClient());
    expect(refusedKnown.status).toBe(429);
    expect(refusedUnknown.status).toBe(429);
    expect(refusedKnown.text).toBe(refusedUnknown.text);
    expect(JSON.parse(refusedKnown.text).message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);

    // one client: 12 requests, then 429 whatever the address
    const client = newClient();
    for (let index = 0; index < 12; index += 1) {
      expect((await ask({ email: `${unique('flood-')}@example.com` }, client)).status).toBe(202);
    }
    const otherAttendee = await arrangeAttendee(su);
    expect((await ask({ email: otherAttendee.email }, client)).status).toBe(429);

    await runResendJob();
    // the two accepted requests for the attendee's address made one invitation; the refused ones none
    await smtp.waitFor(invitationTo(confirmed.email));
    expect(mailsTo(confirmed.email)).toHaveLength(1);
    expect(mailsTo(otherAttendee.email)).toHaveLength(0);
  });

  it('refuses a missing, malformed or non-text address and a body that is not JSON with a 400, and queues nothing', async () => {
    const confirmed = await arrangeAttendee(su);
    const client = newClient();
    const cases: [unknown, string][] = [
      [{}, 'Please enter your email address'],
      [{ email: '   ' }, 'Please enter your email address'],
      [{ email: 'not-an-address' }, 'Please enter a valid email address'],
      [{ email: ['a@example.com'] }, 'Please enter a valid email address'],
      [{ email: 42 }, 'Please enter a valid email address'],
      ['{"email":', 'The request body must be a JSON object.'],
      ['[]', 'The request body must be a JSON object.'],
    ];
    for (const [body, message] of cases) {
      const answer = await ask(body, client);
      expect(answer.status).toBe(400);
      const parsed = JSON.parse(answer.text);
      const field = message.startsWith('The request body') ? 'body' : 'email';
      expect(parsed).toMatchObject({ status: 400, message, data: { [field]: { message } } });
    }
    // a malformed request does not use the client's budget
    for (let index = 0; index < 12; index += 1) {
      expect((await ask({ email: `${unique('fine-')}@example.com` }, client)).status).toBe(202);
    }
    await runResendJob();
    expect(mailsTo(confirmed.email)).toHaveLength(0);
  });
});
