// For journeys that change global state (sales open, a promo code extended):
// a file starts its own PocketBase with startTestServer() in beforeAll and
// sends the page's /api requests to it, while the app itself is still served
// by the shared server. Journeys in other files never see these changes.
import type { Page } from '@playwright/test';
import type PocketBase from 'pocketbase';

/** Sends the page's /api requests to `server` (the realtime stream too). */
export async function routeApiTo(page: Page, server: { url: string }): Promise<void> {
  await page.route(
    (url) => url.pathname.startsWith('/api/'),
    async (route) => {
      const url = new URL(route.request().url());
      const target = `${server.url}${url.pathname}${url.search}`;
      // An event stream never ends, so it cannot be fetched whole and fulfilled.
      if (url.pathname === '/api/realtime' && route.request().method() === 'GET') return route.continue({ url: target });
      const response = await route.fetch({ url: target });
      await route.fulfill({ response });
    },
  );
}

/** Sales open and the development promo code valid again (the seeded one expired with the event). */
export async function openSalesWithPromo(admin: PocketBase): Promise<void> {
  const event = await admin.collection('events').getFirstListItem('title = "AI CHAMPIONS MASTERCLASS"');
  await admin.collection('events').update(event.id, { sales_state: 'open' });
  const promo = await admin.collection('promo_codes').getFirstListItem('code = "CHAMPION2025"');
  await admin.collection('promo_codes').update(promo.id, { expires_at: new Date(Date.now() + 86_400_000).toISOString().replace('T', ' ') });
}
