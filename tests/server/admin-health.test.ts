// System health for administrators against a real PocketBase and a real SMTP
// server: GET /api/masterclass/admin/health answers guests 401 and attendees
// 403; for an administrator it says "no backup yet" on a fresh server, then
// shows each thing made here: an email failed for good, a refund failed for
// good and one still waiting, an open seat offer, a job whose last run
// failed, and a backup made through PocketBase's API with its real size. The
// alerts job emails the administrators (through the outbox, delivered by
// SMTP) when a refund failed for good and when the latest delivery attempts
// all failed, once an hour per kind however often it runs; a backup that
// cannot be stored is recorded by the server and reported too, and the
// health answer then shows that failed run and says the backups storage
// cannot be read rather than showing a figure. Every alert also goes to
// ALERT_WEBHOOK_URL (a real HTTP receiver here) as JSON, once an hour per
// kind, tried again when the receiver fails; and the "Email delivery" job says
// failing while deliveries fail, working once one is delivered again.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { startSmtpServer, type TestSmtpServer, type ReceivedMail } from '../support/smtp';
import { masterclassEvent } from '../support/masterclassEvent';
import { createUser, unique, type TestUser } from './helpers';
import { freePort } from '../../scripts/lib/pocketbase-process.mjs';

const APP_URL = 'https://masterclass.example.com';
const FAILURES_IN_ROW = 3;

let smtp: TestSmtpServer;
let server: TestServer;
let su: PocketBase;
let admin: TestUser;
let attendee: TestUser;

/** What the alert webhook received (JSON bodies), and the status it answers. */
const webhookPosts: Record<string, unknown>[] = [];
let webhookStatus = 200;
const webhook = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => { body += chunk; });
  request.on('end', () => {
    if (webhookStatus === 200) webhookPosts.push({ ...JSON.parse(body), contentType: request.headers['content-type'], path: request.url });
    response.writeHead(webhookStatus, { 'Content-Type': 'text/plain' });
    response.end(webhookStatus === 200 ? 'ok' : 'unavailable');
  });
});
const postsOf = (kind: string) => webhookPosts.filter((post) => post.kind === kind);

beforeAll(async () => {
  smtp = await startSmtpServer();
  const webhookPort = await freePort();
  await new Promise<void>((resolve) => webhook.listen(webhookPort, '127.0.0.1', resolve));
  server = await startTestServer({
    env: {
      APP_URL, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '',
      ALERT_MAIL_FAILURES_IN_ROW: String(FAILURES_IN_ROW),
      ALERT_WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/hooks/masterclass?topic=masterclass-alerts`,
    },
  });
  su = await server.admin();
  [admin, attendee] = await Promise.all([createUser(server, su, 'administrator'), createUser(server, su, 'attendee')]);
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await new Promise((resolve) => webhook.close(resolve));
});

interface Health {
  emails: { smtp: boolean; waiting: number; retrying: number; failed: number; lastFailedAt: string; lastError: string; failedDays: number };
  refunds: { waiting: number; failed: number; lastFailedAt: string; lastError: string };
  offers: { open: number; nextExpiresAt: string };
  jobs: { id: string; label: string; schedule: string; runs: number; failures: number; lastFailedAt: string; lastOkAt: string; lastError: string; failing: boolean }[];
  backups: {
    schedule: string; storage: string; inProgress: boolean; count: number; latest: { key: string; size: number; modifiedAt: string } | null; error: string;
    lastRun: { name: string; ok: boolean; sizeBytes: number; error: string } | null;
    lastOkRun: { name: string; ok: boolean; sizeBytes: number } | null;
    lastFailedRun: { name: string; ok: boolean; error: string } | null;
  };
  alerts: { kind: string; lastSentAt: string }[];
}

async function health(token?: string): Promise<{ status: number; body: Health & { message?: string } }> {
  const response = await fetch(`${server.url}/api/masterclass/admin/health`, { headers: token ? { Authorization: token } : {} });
  return { status: response.status, body: await response.json() };
}

const adminHealth = async (): Promise<Health> => {
  const answer = await health(admin.client.authStore.token);
  expect(answer.status).toBe(200);
  return answer.body;
};

async function paidRegistration(): Promise<RecordModel> {
  const event = await masterclassEvent(su);
  return su.collection('registrations').create({
    event: event.id, kind: 'paid', status: 'cancelled', currency: 'AUD', primary_email: `${unique('buyer-')}@example.com`, total_amount_cents: 59500, paid_amount_cents: 59500,
  });
}

async function refund(status: 'pending' | 'failed', lastError = ''): Promise<RecordModel> {
  const registration = await paidRegistration();
  return su.collection('payment_actions').create({
    kind: 'refund', registration: registration.id, payment_intent: `pi_${unique()}`, amount_cents: 59500, currency: 'AUD',
    idempotency_key: `refund-${registration.id}`, status, attempts: status === 'failed' ? 8 : 1, last_error: lastError,
    next_attempt_at: new Date(Date.now() + 60 * 60_000).toISOString(),
  });
}

async function failedEmail(to: string, lastError: string): Promise<RecordModel> {
  return su.collection('emails').create({ to, subject: 'Your place is confirmed', text: 'Hello', template: 'registration_confirmation', status: 'failed', attempts: 6, last_error: lastError });
}

/** Runs the alerts job now (as the dashboard's Run does) and waits for its run to be counted. */
async function runAlertsJob(): Promise<void> {
  const before = await jobRuns('masterclass_health_alerts');
  await su.send('/api/crons/masterclass_health_alerts', { method: 'POST' });
  await expect.poll(() => jobRuns('masterclass_health_alerts'), { timeout: 15_000, interval: 100 }).toBeGreaterThan(before);
}

async function jobRuns(job: string): Promise<number> {
  const rows = await su.collection('job_runs').getFullList({ filter: su.filter('job = {:job}', { job }) });
  return rows[0]?.runs ?? 0;
}

async function alertsInOutbox(kind: string): Promise<RecordModel[]> {
  return su.collection('emails').getFullList({ filter: su.filter('template = {:template}', { template: `admin_alert_${kind}` }) });
}

const toAdmin = (subject: RegExp) => (mail: ReceivedMail) => mail.to.includes(admin.email) && subject.test(mail.subject);

describe('GET /api/masterclass/admin/health', () => {
  it('is refused to guests (401) and attendees (403)', async () => {
    const guest = await health();
    expect(guest.status).toBe(401);
    expect(guest.body.message).toBe('Please sign in as an administrator to see the system health.');
    const member = await health(attendee.client.authStore.token);
    expect(member.status).toBe(403);
    expect(member.body.message).toBe('Only administrators can see the system health.');
  });

  it('says there is no backup yet on a fresh server, and lists every background job with its schedule', async () => {
    const body = await adminHealth();
    expect(body.backups).toMatchObject({ count: 0, latest: null, error: '', storage: 'local', inProgress: false, lastRun: null, lastOkRun: null, lastFailedRun: null });
    expect(body.emails).toMatchObject({ smtp: true, production: false, waiting: 0, failed: 0, lastError: '' });
    expect(body.refunds).toMatchObject({ waiting: 0, failed: 0 });
    expect(body.offers).toEqual({ open: 0, nextExpiresAt: '' });
    const ids = body.jobs.map((job) => job.id);
    for (const id of ['masterclass_email_retry', 'masterclass_payment_actions', 'masterclass_health_alerts', 'waitlistOffers', 'expireLapsedHolds', 'accountDataRetention']) {
      expect(ids, id).toContain(id);
    }
    expect(ids.some((id) => id.startsWith('__pb'))).toBe(false);
    expect(body.jobs.find((job) => job.id === 'masterclass_email_retry')).toMatchObject({ label: 'Email delivery', schedule: '* * * * *', failing: false });
    expect(body.alerts.map((alert) => alert.kind).sort()).toEqual(['backup_failed', 'mail_failing', 'refund_failed', 'replication_failed']);
    expect(body.alerts.every((alert) => alert.lastSentAt === '')).toBe(true);
  });

  it('shows a failed email, a failed and a waiting refund, an open offer, a failing job and the last backup', async () => {
    await failedEmail('lost@example.com', '550 Mailbox unavailable');
    await refund('failed', 'Stripe reported the refund re_123 as failed.');
    await refund('pending');
    const event = await masterclassEvent(su);
    const expires = new Date(Date.now() + 5 * 60 * 60_000).toISOString().replace('T', ' ');
    await su.collection('waitlist_offers').create({ event: event.id, email: `${unique('offer-')}@example.com`, full_name: 'Ada Offer', status: 'open', offered_at: new Date().toISOString(), expires_at: expires });
    await su.collection('job_runs').create({
      job: 'pruneTombstones', runs: 3, failures: 1, last_started_at: new Date().toISOString(), last_finished_at: new Date().toISOString(),
      last_ok_at: '2026-01-01 03:23:00.000Z', last_failed_at: new Date().toISOString(), last_error: 'database is locked', retry: 'at the next daily run',
    });
    await su.send('/api/backups', { method: 'POST', body: { name: 'health_check.zip' } });
    const [listed] = await su.send<{ key: string; size: number }[]>('/api/backups', {});

    const body = await adminHealth();
    expect(body.emails).toMatchObject({ failed: 1, lastError: '550 Mailbox unavailable', failedDays: 7 });
    expect(body.emails.lastFailedAt).not.toBe('');
    expect(body.refunds).toMatchObject({ waiting: 1, failed: 1, lastError: 'Stripe reported the refund re_123 as failed.' });
    expect(body.offers.open).toBe(1);
    expect(body.offers.nextExpiresAt.slice(0, 16)).toBe(expires.slice(0, 16));
    const tombstones = body.jobs.find((job) => job.id === 'pruneTombstones');
    expect(tombstones).toMatchObject({ label: 'Deletion records clean-up', schedule: '23 3 * * *', runs: 3, failures: 1, lastError: 'database is locked', failing: true });
    expect(body.jobs[0]!.id).toBe('pruneTombstones');
    expect(listed).toBeDefined();
    expect(body.backups).toMatchObject({ count: 1, error: '', latest: { key: 'health_check.zip', size: listed!.size } });
    expect(body.backups.latest!.size).toBeGreaterThan(1000);
    expect(Date.now() - Date.parse(body.backups.latest!.modifiedAt.replace(' ', 'T'))).toBeLessThan(5 * 60_000);
    expect(body.backups.lastRun).toMatchObject({ name: 'health_check.zip', ok: true, sizeBytes: listed!.size, error: '' });
    expect(body.backups.lastOkRun).toMatchObject({ name: 'health_check.zip' });
    expect(body.jobs.find((job) => job.id === 'backup')).toMatchObject({ label: 'Backups', runs: 1, failures: 0, failing: false });
  });
});

describe('alerts to administrators', () => {
  it('email a refund failed for good and mail failing, once an hour per kind however often the job runs', async () => {
    // the refund failed above, and FAILURES_IN_ROW delivery attempts in a row failed (one above)
    for (let index = 1; index < FAILURES_IN_ROW; index += 1) await failedEmail(`lost-${index}@example.com`, '550 Mailbox unavailable');
    await runAlertsJob();
    const [refundMail] = await smtp.waitFor(toAdmin(/^A refund failed and must be made by hand$/));
    expect(refundMail!.text).toContain('AUD 595.00 for registration');
    expect(refundMail!.text).toContain('Stripe reported the refund re_123 as failed.');
    expect(refundMail!.text).toContain('Stripe dashboard');
    const [mailMail] = await smtp.waitFor(toAdmin(/^Emails are not being delivered$/));
    expect(mailMail!.text).toContain(`The last ${FAILURES_IN_ROW} attempts to deliver an email all failed.`);
    expect(mailMail!.text).toContain('SMTP_HOST');

    // more of both, and the job runs again: no second alert of either kind within the hour
    await refund('failed', 'Stripe reported the refund re_456 as failed.');
    await failedEmail('lost-again@example.com', '550 Mailbox unavailable');
    await runAlertsJob();
    await runAlertsJob();
    expect(await alertsInOutbox('refund_failed')).toHaveLength(1);
    expect(await alertsInOutbox('mail_failing')).toHaveLength(1);
    expect((await alertsInOutbox('refund_failed'))[0]).toMatchObject({ to: admin.email, status: 'sent' });
    expect(smtp.messages.filter(toAdmin(/^A refund failed/))).toHaveLength(1);

    const body = await adminHealth();
    const sent = Object.fromEntries(body.alerts.map((alert) => [alert.kind, alert.lastSentAt]));
    expect(sent.refund_failed).not.toBe('');
    expect(sent.mail_failing).not.toBe('');
    expect(sent.backup_failed).toBe('');

    // the same two alerts reached the webhook as JSON, once each, whatever mail does
    expect(postsOf('refund_failed')).toHaveLength(1);
    expect(postsOf('mail_failing')).toHaveLength(1);
    const [refundPost] = postsOf('refund_failed');
    expect(refundPost).toMatchObject({
      contentType: 'application/json', path: '/hooks/masterclass?topic=masterclass-alerts', topic: 'masterclass-alerts',
      title: expect.stringMatching(/: A refund failed and must be made by hand$/), url: `${APP_URL}/admin`,
    });
    expect(refundPost!.text).toContain('A refund failed and must be made by hand');
    expect(refundPost!.text).toContain('Stripe reported the refund re_123 as failed.');
    expect(refundPost!.message).toContain('AUD 595.00 for registration');
    expect(refundPost!.content).toBe(String(refundPost!.text).slice(0, 2000));
    expect(String(postsOf('mail_failing')[0]!.text)).toContain(`The last ${FAILURES_IN_ROW} attempts to deliver an email all failed.`);
  });

  it('email a backup that could not be stored, and the health answer shows the failed run, not a figure it cannot read', async () => {
    // S3 storage that has no such backup yet but refuses every upload and listing
    const refusing = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(request.method === 'HEAD' ? 404 : 403, { 'Content-Type': 'application/xml' });
        response.end(request.method === 'HEAD' ? '' : '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
      });
    });
    const port = await freePort();
    await new Promise<void>((resolve) => refusing.listen(port, '127.0.0.1', resolve));
    await su.settings.update({
      backups: { s3: { enabled: true, endpoint: `http://127.0.0.1:${port}`, bucket: 'backups', region: 'auto', accessKey: 'key', secret: 'secret', forcePathStyle: true } },
    });
    webhookStatus = 503; // the webhook's receiver is down too, at first
    try {
      await expect(su.send('/api/backups', { method: 'POST', body: { name: 'to_nowhere.zip' } })).rejects.toMatchObject({ status: 400 });
      await runAlertsJob();
      expect(postsOf('backup_failed')).toHaveLength(0);
      expect((await adminHealth()).jobs.find((job) => job.id === 'alertWebhook')).toMatchObject({ failing: true, lastError: 'the webhook answered 503' });
      webhookStatus = 200;
      const [mail] = await smtp.waitFor(toAdmin(/^A backup failed$/));
      expect(mail!.text).toContain('A backup could not be made or stored.');
      expect(mail!.text).toContain('to_nowhere.zip (started ');
      expect(mail!.text).toContain('Settings → Backups');
      await runAlertsJob();
      expect(await alertsInOutbox('backup_failed')).toHaveLength(1);
      // the alert kept from the failed attempt went at the next run, once
      expect(postsOf('backup_failed')).toHaveLength(1);
      expect(String(postsOf('backup_failed')[0]!.text)).toContain('to_nowhere.zip (started ');
      expect((await adminHealth()).jobs.find((job) => job.id === 'alertWebhook')).toMatchObject({ failing: false });

      const body = await adminHealth();
      expect(body.backups.storage).toBe('s3');
      expect(body.backups.latest).toBeNull();
      expect(body.backups.error).not.toBe('');
      expect(body.backups.lastRun).toMatchObject({ name: 'to_nowhere.zip', ok: false });
      expect(body.backups.lastRun!.error).not.toBe('');
      expect(body.backups.lastOkRun).toMatchObject({ name: 'health_check.zip' });
      expect(body.jobs.find((job) => job.id === 'backup')).toMatchObject({ runs: 2, failures: 1, failing: true });
    } finally {
      await su.settings.update({ backups: { s3: { enabled: false } } });
      await new Promise((resolve) => refusing.close(resolve));
    }
  });
});

describe('the Email delivery job', () => {
  /** Queues an email due now and runs the delivery job, waiting for its run to be counted. */
  async function deliverNow(to: string): Promise<Health['jobs'][number] | undefined> {
    await su.collection('emails').create({ to, subject: 'Your place is confirmed', text: 'Hello', template: 'registration_confirmation', status: 'queued', attempts: 0, next_attempt_at: new Date(Date.now() - 1000).toISOString() });
    const before = await jobRuns('masterclass_email_retry');
    await su.send('/api/crons/masterclass_email_retry', { method: 'POST' });
    await expect.poll(() => jobRuns('masterclass_email_retry'), { timeout: 15_000, interval: 100 }).toBeGreaterThan(before);
    return (await adminHealth()).jobs.find((job) => job.id === 'masterclass_email_retry');
  }

  it('says failing while deliveries fail, and working once an email is delivered again', async () => {
    smtp.refuse('451 Try again later');
    try {
      const failing = await deliverNow('refused@example.com');
      expect(failing).toMatchObject({ label: 'Email delivery', failing: true });
      expect(failing!.lastError).toContain('Mail is failing: the latest delivery attempt');
      expect(failing!.lastError).toContain('451');
    } finally {
      smtp.refuse(null);
    }
    const working = await deliverNow('accepted@example.com');
    expect(working).toMatchObject({ label: 'Email delivery', failing: false });
  });
});
