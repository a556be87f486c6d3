// The development promo code the README documents (CHAMPION2025: a free
// registration for one attendee). Its seed (pb_migrations/1750000210) expires
// with the seeded 2025 event, so on every `npm start` / `npm run dev` the
// development server makes it usable for the featured event again: created if
// missing, active, expiring 30 days after the start, with uses left. Only the
// development start does this (through the running server, as the development
// superuser); migrations and any other server keep the seed as it is.

export const DEV_PROMO_CODE = 'CHAMPION2025';
const DEV_PROMO_USES = 20;
const VALID_DAYS = 30;
// The featured masterclass's stable key (pb_hooks/lib/core/constants.js EVENT_SLUG).
const EVENT_SLUG = 'ai-champions-masterclass';

/** PocketBase's stored date form, "2026-12-23 10:00:00.000Z". */
const dbDate = (date) => date.toISOString().replace('T', ' ');

async function call(url, token, path, init = {}) {
  const response = await fetch(`${url}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}), ...init.headers },
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} failed: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * Makes the development promo code usable now. Returns what it gives, the
 * event's sales state and whether it has started, or null when there is no
 * featured event.
 * @param {string} url the running server
 * @param {{ email: string, password: string }} superuser
 * @param {{ now?: Date }} [options]
 */
export async function ensureDevPromoCode(url, superuser, { now = new Date() } = {}) {
  const { token } = await call(url, '', '/api/collections/_superusers/auth-with-password', {
    method: 'POST',
    body: JSON.stringify({ identity: superuser.email, password: superuser.password }),
  });
  const filter = (expression) => `?perPage=50&filter=${encodeURIComponent(expression)}`;
  const events = await call(url, token, `/api/collections/events/records${filter(`slug = "${EVENT_SLUG}"`)}`);
  const event = events.items[0];
  if (!event) return null;

  // Codes match in any letter case (the unique index is NOCASE); `~` is a case-insensitive contains.
  const candidates = await call(url, token, `/api/collections/promo_codes/records${filter(`code ~ "${DEV_PROMO_CODE}"`)}`);
  const existing = candidates.items.find((item) => item.code.toUpperCase() === DEV_PROMO_CODE);
  const validUntil = new Date(now.getTime() + VALID_DAYS * 24 * 60 * 60 * 1000);

  let promo;
  if (!existing) {
    promo = await call(url, token, '/api/collections/promo_codes/records', {
      method: 'POST',
      body: JSON.stringify({
        code: DEV_PROMO_CODE, event: event.id, max_uses: DEV_PROMO_USES, used_count: 0, expires_at: dbDate(validUntil), active: true,
      }),
    });
  } else {
    const patch = { event: event.id, active: true };
    if (!existing.expires_at || existing.expires_at < dbDate(validUntil)) patch.expires_at = dbDate(validUntil);
    if (existing.used_count >= existing.max_uses) patch.max_uses = existing.used_count + DEV_PROMO_USES;
    promo = await call(url, token, `/api/collections/promo_codes/records/${existing.id}`, { method: 'PATCH', body: JSON.stringify(patch) });
  }
  return {
    code: promo.code,
    expiresAt: promo.expires_at,
    usesLeft: promo.max_uses - promo.used_count,
    salesState: event.sales_state,
    // Only an event that has not started sells seats (pb_hooks/lib/events/phase.js).
    eventStarted: new Date(String(event.starts_at).replace(' ', 'T')).getTime() <= now.getTime(),
  };
}

/** The lines `npm start` prints about the code. */
export function describeDevPromoCode(url, promo) {
  if (!promo) return '';
  const until = new Date(promo.expiresAt.replace(' ', 'T')).toISOString().slice(0, 10);
  const sales = promo.eventStarted
    ? `The masterclass has started or taken place, so it sells no seats: as the administrator at ${url}/admin/event, give it a start and end still to come and open sales first.`
    : promo.salesState === 'open'
      ? 'Sales are open.'
      : `Sales are ${promo.salesState.replace('_', ' ')}: open them first as the administrator at ${url}/admin/event (Sales state: Open).`;
  return `  Development promo code: ${promo.code} — a free registration for one attendee at ${url}/register
  (${promo.usesLeft} uses left, valid until ${until}). ${sales}
`;
}
