// Shared arrangements for the server suites: one PocketBase per test file,
// users of each role created by the superuser (the only way past the users
// create rule), unique values, and a probe that turns "the server refused"
// into false without hiding real errors.
import PocketBase, { ClientResponseError } from 'pocketbase';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from '../support/pocketbase';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  /** A client signed in as this user. */
  client: PocketBase;
}

export interface StartedServer {
  server: TestServer;
  /** Signed in as the superuser (bypasses every rule). */
  su: PocketBase;
}

/**
 * Starts one PocketBase before the file's tests and stops it after them.
 * `onStarted` hands it to the file's own variables, which its tests then use.
 */
export function serverForFile(onStarted: (started: StartedServer) => void, options: TestServerOptions = {}): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(options);
    onStarted({ server, su: await server.admin() });
  });
  afterAll(async () => {
    await server?.stop();
  });
}

export function unique(prefix = ''): string {
  return `${prefix}${randomBytes(6).toString('hex')}`;
}

export async function createUser(
  server: TestServer,
  superuser: PocketBase,
  role: 'attendee' | 'administrator',
  profile: Record<string, unknown> = {},
): Promise<TestUser> {
  const email = `${unique(role)}@test.local`;
  const password = unique('pw-');
  const record = await superuser.collection('users').create({
    email,
    password,
    passwordConfirm: password,
    role,
    verified: true,
    full_name: `Test ${role}`,
    ...profile,
  });
  const client = new PocketBase(server.url);
  client.autoCancellation(false);
  await client.collection('users').authWithPassword(email, password);
  return { id: record.id, email, password, client };
}

/**
 * Runs a request and reports whether the server allowed it. A refusal (403,
 * 404, or a 400 without field errors, which is how a failed create rule
 * answers) is false; anything else (validation errors, 429, 5xx) is thrown,
 * so a bad fixture can never pass for a refusal.
 */
export async function allowed(request: () => Promise<unknown>): Promise<boolean> {
  try {
    await request();
    return true;
  } catch (error) {
    if (!(error instanceof ClientResponseError)) throw error;
    const fieldErrors = Object.keys(error.response?.data ?? {});
    if (error.status === 403 || error.status === 404) return false;
    if (error.status === 400 && fieldErrors.length === 0) return false;
    throw new Error(`Unexpected ${error.status} from ${error.url}: ${JSON.stringify(error.response)}`);
  }
}

/** The field errors of a rejected request ({} when it succeeded). */
export async function fieldErrors(request: () => Promise<unknown>): Promise<Record<string, { code: string; message: string }>> {
  try {
    await request();
    return {};
  } catch (error) {
    if (error instanceof ClientResponseError && error.status === 400) {
      return (error.response?.data ?? {}) as Record<string, { code: string; message: string }>;
    }
    throw error;
  }
}

/** A tiny but well-formed PDF, sniffed by PocketBase as application/pdf. */
export function samplePdf(name = 'sample.pdf'): File {
  const body = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';
  return new File([body], name, { type: 'application/pdf' });
}

/**
 * Gives the user a seat at the event: a completed registration with one
 * attendee row linked to the user's account (confirmed unless told otherwise),
 * as the sign-in link makes for an attendee who registered with that email.
 * Session materials are readable only through such a row.
 */
export async function seatAt(
  su: PocketBase,
  user: Pick<TestUser, 'id' | 'email'>,
  eventId: string,
  status: 'confirmed' | 'confirmed_observer' | 'waitlisted' | 'cancelled' = 'confirmed',
) {
  const registration = await su.collection('registrations').create({
    event: eventId, kind: 'promo', status: 'completed', primary_email: user.email, currency: 'AUD', total_amount_cents: 0,
  });
  return su.collection('attendees').create({
    registration: registration.id, event: eventId, user: user.id, email: user.email, full_name: 'Seated Attendee',
    company: 'Test Co', job_title: 'Lead', role: 'Senior Manager', registration_status: status, privacy_consent: true,
  });
}
