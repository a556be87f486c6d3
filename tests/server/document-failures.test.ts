// A document that cannot be made never stops a ticket, on a real PocketBase
// with a real SMTP server. The seller's legal name comes from SELLER_LEGAL_NAME,
// here longer than an invoice's text may be (2,000 characters), so no tax
// invoice can be made until an administrator saves a proper one. Then: the
// simulated payment answers 200; the buyer's confirmation arrives with its
// ticket and without the invoice; the order page works and the invoice
// download answers a clear JSON error; the invoice follows in an email of its
// own, whose failed tries count as failed runs of the email job (job_runs)
// rather than passing as OK, until the seller's name is fixed, when it
// arrives with the PDF.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createUser, unique, type TestUser } from './helpers';
import { attendee, get, openSales, post, register } from './registration-helpers';

const EMAIL_JOB = 'masterclass_email_retry';
const UNAVAILABLE = 'We could not make this document just now. We have noted the problem; please try again later, or contact us.';

let smtp: TestSmtpServer;
let server: TestServer;
let su: PocketBase;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({
    env: {
      SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '',
      // more than an invoice's text may hold: every invoice fails until an administrator saves a name
      SELLER_LEGAL_NAME: 'L'.repeat(2500), SELLER_ABN: '', SELLER_ADDRESS: 'Adelaide SA 5000', SELLER_EMAIL: '',
      // the jobs run when the test runs them
      CRON_INTERVAL: '720h',
    },
  });
  su = await server.admin();
  await openSales(su, { capacity: 20, price_cents: 49500 });
  admin = await createUser(server, su, 'administrator');
});

afterAll(async () => {
  await Promise.all([server?.stop(), smtp?.stop()]);
});

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'document-failures-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function emailJob(): Promise<RecordModel | undefined> {
  const rows = await su.collection('job_runs').getFullList({ filter: su.filter('job = {:job}', { job: EMAIL_JOB }) });
  return rows[0];
}

async function followUps(registrationId: string): Promise<RecordModel[]> {
  return su.collection('emails').getFullList({ filter: su.filter('registration = {:id} && template = "tax_document"', { id: registrationId }) });
}

/** The server's error log lines (message and data), once at least `count` mention the tax invoice (logs are written in batches). */
async function errorsLogged(count: number): Promise<string[]> {
  for (let waited = 0; waited < 120; waited += 1) {
    const rows = await su.send<{ items: { message: string; data: unknown }[] }>('/api/logs', { query: { filter: 'level >= 8', perPage: 500, sort: 'created' } });
    const lines = rows.items.map((row) => `${row.message} ${JSON.stringify(row.data)}`);
    if (lines.filter((line) => /INV-\d{6}|tax document/i.test(line)).length >= count) return lines;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`fewer than ${count} errors about the tax invoice were logged within a minute`);
}

/** Runs the email job once (PocketBase starts it in the background) and waits until its run is counted. */
async function runEmailJob(): Promise<RecordModel> {
  const runsBefore = (await emailJob())?.runs ?? 0;
  await su.crons.run(EMAIL_JOB);
  for (let waited = 0; waited < 120; waited += 1) {
    const row = await emailJob();
    if (row && row.runs > runsBefore) return row;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the email job did not finish a run within a minute');
}

/** Makes the follow-up due now and runs the email job once. */
async function retryFollowUp(email: RecordModel): Promise<RecordModel> {
  await su.collection('emails').update(email.id, { next_attempt_at: new Date(Date.now() - 1000).toISOString() });
  return runEmailJob();
}

describe('a tax invoice that cannot be made', () => {
  it('never stops the ticket: the confirmation goes without it, the order page works, the download says why, and the invoice follows once it can be made', async () => {
    const buyer = attendee({ fullName: 'Held Back', email: `${unique('doc-fail-')}@example.com` });
    const created = await register(server, { mode: 'paid', attendees: [buyer], privacyConsent: true, marketingConsent: false });
    expect(created.status).toBe(201);
    const registrationId: string = created.body.registrationId;

    // the payment is recorded and answered
    const paid = await post(server, `/api/masterclass/checkout/simulated/${encodeURIComponent(created.body.sessionId)}/pay`);
    expect(paid).toMatchObject({ status: 200, body: { outcome: 'fulfilled' } });
    const status = await get(server, `/api/masterclass/checkout/${encodeURIComponent(created.body.sessionId)}`);
    expect(status.status).toBe(200);
    const key: string = status.body.order.key;

    // the confirmation with its ticket, without the invoice
    const buyerEmail = String(buyer.email).toLowerCase();
    const [confirmation] = await smtp.waitFor((mail) => mail.to.includes(buyerEmail) && mail.subject.startsWith('Your place at'));
    expect(confirmation.attachments.map((file) => file.filename)).toContain('masterclass-ticket.png');
    expect(confirmation.attachments.filter((file) => file.contentType === 'application/pdf')).toEqual([]);

    // the order page and its list of documents work; the PDF answers why it cannot be had
    const order = await get(server, `/api/masterclass/orders/${registrationId}?key=${key}`);
    expect(order.status).toBe(200);
    const list = await get(server, `/api/masterclass/orders/${registrationId}/tax-documents?key=${key}`);
    expect(list.status).toBe(200);
    expect(list.body.documents.map((document: { kind: string }) => document.kind)).toEqual(['invoice']);
    const refused = await get(server, `/api/masterclass/orders/${registrationId}/invoice.pdf?key=${key}`);
    expect(refused).toEqual({ status: 503, body: { status: 503, message: UNAVAILABLE, data: { document: { code: 'unavailable', message: UNAVAILABLE } } } });

    // the registration is complete: its confirmation was delivered
    expect((await su.collection('registrations').getOne(registrationId)).status).toBe('completed');

    // the invoice's own email waits for its PDF: each failed try is a failed run of the email job
    const [followUp] = await followUps(registrationId);
    expect(followUp).toMatchObject({ to: buyerEmail, status: 'queued', attendee: '' });
    const before = await emailJob();
    const failedRun = await retryFollowUp(followUp);
    expect(failedRun.failures).toBe((before?.failures ?? 0) + 1);
    expect(failedRun.last_error).toMatch(/Tax invoice INV-\d{6} could not be made: .*at most 2000 characters/);
    const afterFailure = await su.collection('emails').getOne(followUp.id);
    expect(afterFailure).toMatchObject({ status: 'queued', attempts: 1 });
    expect(afterFailure.last_error).toMatch(/could not be made/);
    expect(smtp.messages.filter((mail) => mail.subject.startsWith('Your tax invoice'))).toEqual([]);

    // an administrator saves the seller's name: the next try sends the invoice, and the job run is OK
    const saved = await fetch(`${server.url}/api/masterclass/admin/seller`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: admin.client.authStore.token },
      body: JSON.stringify({ legalName: 'Fixed Holdings Pty Ltd', abn: '', address: 'Adelaide SA 5000', email: '' }),
    });
    expect(saved.status).toBe(200);
    const okRun = await retryFollowUp(followUp);
    const [invoiceMail] = await smtp.waitFor((mail) => mail.to.includes(buyerEmail) && mail.subject.startsWith('Your tax invoice for'));
    expect(invoiceMail.text).toContain('We could not attach it to your registration confirmation when we sent it');
    const pdfs = invoiceMail.attachments.filter((file) => file.contentType === 'application/pdf');
    expect(pdfs.map((file) => file.filename)).toEqual([expect.stringMatching(/^tax-invoice-INV-\d{6}\.pdf$/)]);
    expect(pdfText(pdfs[0].bytes)).toContain('Fixed Holdings Pty Ltd');
    expect(await su.collection('emails').getOne(followUp.id)).toMatchObject({ status: 'sent' });
    expect(okRun.failures).toBe(failedRun.failures);
    expect(okRun.last_ok_at).toBe(okRun.last_finished_at);
    const downloaded = await fetch(`${server.url}/api/masterclass/orders/${registrationId}/invoice.pdf?key=${key}`);
    expect({ status: downloaded.status, type: downloaded.headers.get('content-type') }).toEqual({ status: 200, type: 'application/pdf' });
    expect(pdfText(Buffer.from(await downloaded.arrayBuffer()))).toContain('Fixed Holdings Pty Ltd');

    // once is enough: a later run sends nothing more
    await runEmailJob();
    expect(await followUps(registrationId)).toHaveLength(1);

    // each failure logged once: the confirmation's (in the payment's request), the download's, the job's
    const lines = await errorsLogged(3);
    expect(lines.filter((line) => line.startsWith('An email could not be made in full ')).length).toBe(1);
    expect(lines.filter((line) => line.startsWith('A tax document could not be made for download ')).length).toBe(1);
    expect(lines.filter((line) => line.startsWith('Background job failed ') && line.includes(EMAIL_JOB)).length).toBe(1);
    expect(lines.filter((line) => /Tax invoice INV-\d{6} could not be made/.test(line) || line.includes('could not be made for download'))).toHaveLength(3);
  });
});
