// For journeys that change global state (sales open, a promo code extended):
// a file starts its own PocketBase with ownServerForFile() and sends the
// page's /api requests to it, while the app itself is still served by the
// shared server. Journeys in other files never see these changes.
import { test, type Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import type { PortalTestUser } from '../portal-helpers';
import { masterclassEvent, UPCOMING_EVENT_TIMES } from '../../support/masterclassEvent';
import { LIMITS_RAISED, startTestServer, type TestServer } from '../../support/pocketbase';
import { safely } from './routes';

export interface OwnServer {
  server: TestServer;
  /** Signed in as the superuser. */
  admin: PocketBase;
}

/**
 * Starts the file's own PocketBase before its journeys, with sales open for
 * an event still to come (UPCOMING_EVENT_TIMES) and the promo code valid, and stops it after them. `onStarted` hands it to the
 * file's own variables, which its journeys then use.
 */
export function ownServerForFile(onStarted: (started: OwnServer) => void): void {
  let server: TestServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startTestServer({ env: LIMITS_RAISED });
    const admin = await server.admin();
    await openSalesWithPromo(admin);
    onStarted({ server, admin });
  });
  test.afterAll(async () => {
    await server?.stop();
  });
}

/** Sends the page's /api requests to `server` (the realtime stream too). */
export async function routeApiTo(page: Page, server: { url: string }): Promise<void> {
  await page.route(
    (url) => url.pathname.startsWith('/api/'),
    async (route) => {
      const url = new URL(route.request().url());
      const target = `${server.url}${url.pathname}${url.search}`;
      // An event stream never ends, so it cannot be fetched whole and fulfilled.
      if (url.pathname === '/api/realtime' && route.request().method() === 'GET') return route.continue({ url: target });
      // A journey that ends while a request is on its way leaves nothing waiting for the answer; a page
      // still open once the file's server has stopped (a session refresh as the journey ends) meets
      // what it would meet without the test's routing: a connection refused.
      await safely(page, async () => {
        const response = await route.fetch({ url: target }).catch((error: unknown) => {
          if (/ECONNREFUSED|ECONNRESET/.test(String(error))) return null;
          throw error;
        });
        await (response ? route.fulfill({ response }) : route.abort('connectionrefused'));
      })(route);
    },
  );
}

/** Sales open for an upcoming event and the development promo code valid again (the seeded one expired with the event). */
async function openSalesWithPromo(admin: PocketBase): Promise<void> {
  const event = await masterclassEvent(admin);
  await admin.collection('events').update(event.id, { sales_state: 'open', ...UPCOMING_EVENT_TIMES });
  const promo = await admin.collection('promo_codes').getFirstListItem('code = "CHAMPION2025"');
  await admin.collection('promo_codes').update(promo.id, { expires_at: new Date(Date.now() + 86_400_000).toISOString().replace('T', ' ') });
}

/**
 * A new administrator on a file's own server, signed in the way the app stores a
 * session (pass it to signInAs); `remove` deletes the account.
 */
export async function ownServerAdministrator(own: OwnServer, fullName: string): Promise<PortalTestUser> {
  const email = `admin-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'own-server-admin-pass-1234';
  const user = await own.admin.collection('users').create({
    email, password, passwordConfirm: password, role: 'administrator', full_name: fullName, company: 'AI Champions', verified: true,
  });
  const client = new PocketBase(own.server.url);
  const auth = await client.collection('users').authWithPassword(email, password);
  return {
    id: user.id, email, fullName, storedAuth: JSON.stringify({ token: auth.token, record: auth.record }),
    remove: async () => { await own.admin.collection('users').delete(user.id); },
  };
}

/**
 * A new verified account with `role` and this email on a file's own server, signed in the way
 * the app stores a session (pass it to signInAs); `remove` deletes the account.
 */
export async function ownServerAccount(own: OwnServer, role: 'attendee' | 'administrator', email: string, fullName: string): Promise<PortalTestUser> {
  const password = `own-server-pass-${Math.random().toString(36).slice(2, 10)}`;
  const user = await own.admin.collection('users').create({ email, password, passwordConfirm: password, role, full_name: fullName, verified: true });
  const client = new PocketBase(own.server.url);
  const auth = await client.collection('users').authWithPassword(email, password);
  return {
    id: user.id, email, fullName, storedAuth: JSON.stringify({ token: auth.token, record: auth.record }),
    remove: async () => { await own.admin.collection('users').delete(user.id); },
  };
}
