// Shared steps of the account journeys (auth, invitation, reset-password).
import { expect, type Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { unique } from '../registration-helpers';

export interface TestAccount {
  id: string;
  email: string;
  password: string;
  fullName: string;
}

/** A verified attendee account, made by the superuser (no client may create users). */
export async function createAccount(admin: PocketBase, prefix: string): Promise<TestAccount> {
  const email = `${unique(prefix)}@example.com`;
  const password = `pw-${unique('secret')}`;
  const fullName = 'Robin Avery';
  const record = await admin
    .collection('users')
    .create({ email, password, passwordConfirm: password, verified: true, role: 'attendee', full_name: fullName });
  return { id: record.id, email, password, fullName };
}

/** The first href to `path` in an email's html, on the app under test instead of the emailed host. */
function linkIn(html: string, path: string, baseURL: string): URL | null {
  const href = new RegExp(`href="([^"]*${path.replace(/[.?]/g, '\\$&')}[^"]*)"`).exec(html)?.[1];
  if (!href) return null;
  const emailed = new URL(href.replaceAll('&amp;', '&'));
  return new URL(`${emailed.pathname}${emailed.search}${emailed.hash}`, baseURL);
}

/** The html of the newest stored copy to `to` that links to `path`; '' until there is one. */
async function newestWith(admin: PocketBase, collection: string, filter: string, path: string): Promise<string> {
  // A registration queues its confirmation and invitation together: pick by content, not by time.
  const found = await admin.collection(collection).getFullList({ filter, sort: '-created' });
  return found.map((record) => String(record.html)).find((body) => body.includes(path)) ?? '';
}

async function waitForHtml(read: () => Promise<string>, message: string): Promise<string> {
  let html = '';
  await expect
    .poll(async () => {
      html = await read();
      return html !== '';
    }, { message, timeout: 15_000 })
    .toBe(true);
  return html;
}

/**
 * The working link to `path` in the newest email to `to`, with its host
 * replaced by the app under test. Administrators read the outbox (`emails`)
 * without credentials, so the link comes from the message's working copy in
 * `email_secrets`, which `admin` (a superuser) reads. Emails are stored just
 * after the request that queues them answers, so this waits for one.
 */
export async function emailedLink(admin: PocketBase, to: string, path: string, baseURL: string): Promise<URL> {
  const filter = admin.filter('email.to = {:to}', { to });
  const html = await waitForHtml(() => newestWith(admin, 'email_secrets', filter, path), `an email to ${to} with a ${path} link`);
  const link = linkIn(html, path, baseURL);
  if (!link) throw new Error(`No ${path} link in the email to ${to}`);
  return link;
}

/** The link to `path` as the outbox (`emails`, what administrators read) shows it, on the app under test. */
export async function outboxLink(admin: PocketBase, to: string, path: string, baseURL: string): Promise<URL> {
  const filter = admin.filter('to = {:to}', { to });
  const html = await waitForHtml(() => newestWith(admin, 'emails', filter, path), `an outbox email to ${to} with a ${path} link`);
  const link = linkIn(html, path, baseURL);
  if (!link) throw new Error(`No ${path} link in the outbox email to ${to}`);
  return link;
}

export const emailsTo = async (admin: PocketBase, to: string) =>
  (await admin.collection('emails').getFullList({ filter: admin.filter('to = {:to}', { to }) })).length;

export async function signInThroughPage(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** Where the PocketBase SDK keeps the session (its default LocalAuthStore key). */
export const SESSION_STORAGE_KEY = 'pocketbase_auth';

/** The session the SDK stored in this page, if any. */
export const storedSession = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), SESSION_STORAGE_KEY);

/** Drops the page's stored session, as if the user had never signed in here. */
export const forgetSession = (page: Page) => page.evaluate((key) => window.localStorage.removeItem(key), SESSION_STORAGE_KEY);
