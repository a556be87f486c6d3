// Bulk invitations against a real PocketBase:
// GET  /api/masterclass/attendees/invitations/pending counts the confirmed
// attendees (and observers) without an invitation;
// POST /api/masterclass/attendees/invitations invites them batch by batch.
// Administrators only; each eligible attendee gets one invitation, a second
// run sends nothing; with a mail server that refuses, every attendee is tried
// once in the run and counted as failed, and a later run sends them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createUser, serverForFile, type TestUser } from './helpers';
import { arrangeAttendee } from './account-helpers';
import type { Answer } from './registration-helpers';

const APP_URL = 'https://masterclass.example.com';

async function call(target: TestServer, method: 'GET' | 'POST', path: string, token?: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = token;
  const response = await fetch(`${target.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const pending = (target: TestServer, token?: string) => call(target, 'GET', '/api/masterclass/attendees/invitations/pending', token);
const sendBatch = (target: TestServer, token?: string, body: unknown = {}) => call(target, 'POST', '/api/masterclass/attendees/invitations', token, body);

interface RunTotals {
  sent: number;
  failed: number;
  skipped: number;
  calls: number;
  failures: { attendeeId: string; email: string; error: string }[];
}

/** Runs the bulk send as the overview does: batch after batch until none remain. */
async function runAll(target: TestServer, token: string, batchSize: number): Promise<RunTotals> {
  const totals: RunTotals = { sent: 0, failed: 0, skipped: 0, calls: 0, failures: [] };
  let after = '';
  for (;;) {
    const answer = await sendBatch(target, token, { batchSize, after });
    expect(answer.status).toBe(200);
    totals.calls += 1;
    totals.sent += answer.body.sent;
    totals.failed += answer.body.failed;
    totals.skipped += answer.body.skipped;
    totals.failures.push(...answer.body.failures);
    after = answer.body.after;
    if (answer.body.remaining === 0) return totals;
    if (totals.calls > 100) throw new Error('the run never ended');
  }
}

async function invitationEmails(su: PocketBase, attendeeId: string): Promise<RecordModel[]> {
  return su.collection('emails').getFullList({ filter: su.filter('attendee = {:attendeeId} && template = "user_account_invite"', { attendeeId }) });
}

async function allInvitationEmails(su: PocketBase): Promise<number> {
  return (await su.collection('emails').getList(1, 1, { filter: 'template = "user_account_invite"' })).totalItems;
}

describe('bulk invitations without SMTP (captured)', () => {
  let server: TestServer;
  let su: PocketBase;
  let admin: TestUser;
  let attendeeUser: TestUser;
  let eligible: RecordModel[];
  let waitlisted: RecordModel;
  let cancelled: RecordModel;
  let alreadyInvited: RecordModel;

  serverForFile((started) => ({ server, su } = started), { env: { APP_URL, SMTP_HOST: '' } });

  beforeAll(async () => {
    [admin, attendeeUser] = await Promise.all([createUser(server, su, 'administrator'), createUser(server, su, 'attendee')]);
    eligible = [];
    for (let index = 0; index < 5; index += 1) eligible.push(await arrangeAttendee(su));
    eligible.push(await arrangeAttendee(su, { registration_status: 'confirmed_observer' }));
    waitlisted = await arrangeAttendee(su, { registration_status: 'waitlisted' });
    cancelled = await arrangeAttendee(su, { registration_status: 'cancelled' });
    alreadyInvited = await arrangeAttendee(su, { invitation_sent: true, invitation_sent_at: new Date().toISOString() });
  });

  it('is refused to guests and attendees, and sends nothing', async () => {
    expect((await pending(server)).status).toBe(401);
    expect((await sendBatch(server)).status).toBe(401);
    const attendeeToken = attendeeUser.client.authStore.token;
    const refusedCount = await pending(server, attendeeToken);
    expect(refusedCount.status).toBe(403);
    expect(refusedCount.body).toMatchObject({ status: 403, message: 'Only administrators can send invitations.' });
    const refusedSend = await sendBatch(server, attendeeToken, { batchSize: 50 });
    expect(refusedSend.status).toBe(403);
    expect(refusedSend.body.message).toBe('Only administrators can send invitations.');
    expect(await allInvitationEmails(su)).toBe(0);
    for (const attendee of eligible) expect((await su.collection('attendees').getOne(attendee.id)).invitation_sent).toBe(false);
  });

  it('refuses bad options with a clear message and sends nothing', async () => {
    const token = admin.client.authStore.token;
    for (const batchSize of [0, 51, 2.5, '10']) {
      const answer = await sendBatch(server, token, { batchSize });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('The batch size must be a whole number from 1 to 50.');
      expect(answer.body.data.batchSize.code).toBe('invalid');
    }
    const badAfter = await sendBatch(server, token, { after: "x' OR 1=1 --" });
    expect(badAfter.status).toBe(400);
    expect(badAfter.body.message).toBe('The position must be an attendee id.');
    for (const body of ['{not json', '[]', '"text"']) {
      const answer = await sendBatch(server, token, body);
      expect(answer.status).toBe(400);
      expect(answer.body.data.body.code).toBe('invalid_json');
    }
    expect(await allInvitationEmails(su)).toBe(0);
  });

  it('counts the confirmed attendees and observers without an invitation', async () => {
    const answer = await pending(server, admin.client.authStore.token);
    expect(answer).toEqual({ status: 200, body: { pending: eligible.length } });
    expect((await pending(server, su.authStore.token)).body.pending).toBe(eligible.length);
  });

  it('invites each eligible attendee once, in batches, and a second run sends nothing', async () => {
    const token = admin.client.authStore.token;
    const first = await sendBatch(server, token, { batchSize: 2 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ sent: 2, failed: 0, skipped: 0, remaining: eligible.length - 2, failures: [] });
    expect(first.body.after).toMatch(/^[a-z0-9]{15}$/);

    const rest = await runAll(server, token, 2);
    expect(rest).toMatchObject({ sent: eligible.length - 2, failed: 0, skipped: 0 });

    for (const attendee of eligible) {
      const emails = await invitationEmails(su, attendee.id);
      expect(emails).toHaveLength(1);
      expect(emails[0]).toMatchObject({ status: 'captured', to: attendee.email });
      const stored = await su.collection('attendees').getOne(attendee.id);
      expect(stored.invitation_sent).toBe(true);
      expect(stored.invitation_sent_at).not.toBe('');
    }
    for (const other of [waitlisted, cancelled, alreadyInvited]) expect(await invitationEmails(su, other.id)).toHaveLength(0);
    expect(await allInvitationEmails(su)).toBe(eligible.length);

    expect((await pending(server, token)).body.pending).toBe(0);
    const again = await runAll(server, token, 50);
    expect(again).toMatchObject({ sent: 0, failed: 0, skipped: 0, calls: 1 });
    expect(await allInvitationEmails(su)).toBe(eligible.length);
  });

  it('picks up an attendee confirmed after the first run', async () => {
    const token = admin.client.authStore.token;
    const late = await arrangeAttendee(su);
    expect((await pending(server, token)).body.pending).toBe(1);
    expect(await runAll(server, token, 10)).toMatchObject({ sent: 1, failed: 0 });
    expect(await invitationEmails(su, late.id)).toHaveLength(1);
    expect((await pending(server, token)).body.pending).toBe(0);
  });
});

describe('bulk invitations with SMTP', () => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let su: PocketBase;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({
      env: { APP_URL, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '' },
    });
    su = await server.admin();
  });

  afterAll(async () => {
    await Promise.all([server?.stop(), smtp?.stop()]);
  });

  it('counts refused deliveries as failed without retrying them in the run; a later run sends them, and a third sends nothing', async () => {
    const attendees = [await arrangeAttendee(su), await arrangeAttendee(su), await arrangeAttendee(su)];
    const token = su.authStore.token;

    smtp.refuse('451 Try again later');
    let refusedRun: RunTotals;
    try {
      refusedRun = await runAll(server, token, 2);
    } finally {
      smtp.refuse(null);
    }
    expect(refusedRun).toMatchObject({ sent: 0, failed: 3, skipped: 0, calls: 2 });
    expect(refusedRun.failures.map((failure) => failure.attendeeId).sort()).toEqual(attendees.map((attendee) => attendee.id).sort());
    for (const failure of refusedRun.failures) expect(failure.error).not.toBe('');
    for (const attendee of attendees) {
      const [email] = await invitationEmails(su, attendee.id);
      // tried once in the run, left queued for the retry cron
      expect(email).toMatchObject({ status: 'queued', attempts: 1 });
      expect((await su.collection('attendees').getOne(attendee.id)).invitation_sent).toBe(false);
    }
    expect(smtp.messages).toHaveLength(0);

    expect((await pending(server, token)).body.pending).toBe(3);
    const retry = await runAll(server, token, 2);
    expect(retry).toMatchObject({ sent: 3, failed: 0 });
    for (const attendee of attendees) {
      const emails = await invitationEmails(su, attendee.id);
      expect(emails).toHaveLength(1);
      expect(emails[0].status).toBe('sent');
      expect(smtp.messages.filter((mail) => mail.to.includes((attendee.email as string).toLowerCase()))).toHaveLength(1);
    }

    const third = await runAll(server, token, 2);
    expect(third).toMatchObject({ sent: 0, failed: 0, calls: 1 });
    expect(smtp.messages).toHaveLength(3);
  });
});
