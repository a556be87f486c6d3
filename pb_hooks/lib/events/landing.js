/// <reference path="../../../pb_data/types.d.ts" />
// What the landing page's hero says about the featured masterclass, for the
// page the server sends (pocketbase/landing.go puts it into the HTML of `/`,
// so the hero's facts and its Register button paint before any script runs):
// the public summary's facts, price and seats left, and the hero's words in
// the one date format (lib/events/format.js). The app says the same words the
// same way (src/features/landing/heroView.ts; tests/server/landing-hero.test.ts
// proves the two agree). `heroTexts` is pure, so tests load it directly.

/** Fewer seats than this left: "Only 3 seats left". */
const FEW_SEATS = 10;

/** "$495", "$1,485.50": a seat's price as the hero says it (whole dollars without cents). */
function formatPrice(cents, currency) {
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = Math.abs(cents) % 100;
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const symbol = currency === "AUD" ? "$" : `${currency} `;
  return `${cents < 0 ? "-" : ""}${symbol}${grouped}${rest ? `.${String(rest).padStart(2, "0")}` : ""}`;
}

/** "12 seats left", "Only 3 seats left", "Only 1 seat left", "Sold out" (0). */
function seatsText(left) {
  if (left <= 0) return "Sold out";
  if (left === 1) return "Only 1 seat left";
  return left <= FEW_SEATS ? `Only ${left} seats left` : `${left} seats left`;
}

/**
 * The hero's phase and words for a public summary at `now`.
 * @param {{starts_at: string, ends_at: string, timezone: string, location: string, venue?: string, capacity: number, price_cents: number, currency: string, sales_state: string, sales_open_at?: string, seats_left: number, cancelled?: boolean}} summary
 * @param {Date} now
 */
function heroTexts(summary, now) {
  const format = require(`${__hooks}/lib/events/format.js`);
  const { eventPhase } = require(`${__hooks}/lib/events/phase.js`);
  const zone = summary.timezone;
  return {
    phase: eventPhase(summary, now),
    texts: {
      city: (String(summary.location).split(",")[0] || "").trim() || summary.location,
      start: format.formatInstant(summary.starts_at, zone),
      date: format.formatDate(summary.starts_at, zone),
      day: format.formatDayMonth(summary.starts_at, zone),
      when: format.formatWhen(summary.starts_at, summary.ends_at, zone),
      // Where: the venue's address, else the location (src/features/landing/heroView.ts says the same).
      venue: String(summary.venue || "").trim() || summary.location,
      capacity: String(summary.capacity),
      price: formatPrice(summary.price_cents, summary.currency),
      seats: seatsText(summary.seats_left),
      salesOpen: summary.sales_open_at ? format.formatDayAndTime(summary.sales_open_at, zone) : "",
      // The Register and waitlist links name the masterclass by its page address (src/features/landing/registerSearch.ts).
      slug: summary.slug || summary.id || "",
    },
  };
}

/** The summary fields the landing page reads (src/features/landing/eventRecord.ts). */
const EVENT_FIELDS = ["id", "title", "starts_at", "ends_at", "timezone", "location", "venue", "capacity", "price_cents", "currency", "sales_state", "sales_open_at", "seats_left", "slug", "cancelled"];

/**
 * Beside the featured masterclass, the soonest other published one with seats
 * on sale (lib/events/series.js nextOnSale): its id, page address and dates,
 * and its date as the landing says it ("Next: Wednesday 10 March 2027 —
 * Register"), whether the featured one sells seats too (two dates on sale at
 * once) or not (sold out, closed, not open yet, under way). Null when no other
 * is on sale.
 * @param {core.App} app
 * @param {{id: string}} featured the featured masterclass's summary
 */
function nextAnswer(app, featured) {
  const series = require(`${__hooks}/lib/events/series.js`);
  const next = series.nextOnSale(app, featured.id);
  if (!next) return null;
  const zone = next.getString("timezone");
  return {
    id: next.id,
    slug: next.getString("slug"),
    title: next.getString("title"),
    starts_at: next.getString("starts_at"),
    ends_at: next.getString("ends_at"),
    timezone: zone,
    date: require(`${__hooks}/lib/events/format.js`).formatDate(next.getString("starts_at"), zone),
  };
}

/**
 * GET /api/masterclass/landing: the featured masterclass as the landing page
 * shows it (and `next`: see nextAnswer), or 404 when none is published.
 * @param {core.RequestEvent} e
 */
function handleGetLanding(e) {
  const { answerRefusals } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    const summary = require(`${__hooks}/lib/events/summary.js`).eventSummary(e.app);
    const event = {};
    for (const field of EVENT_FIELDS) event[field] = summary[field];
    return e.json(200, { event, hero: heroTexts(event, new Date()), next: nextAnswer(e.app, summary) });
  });
}

module.exports = { FEW_SEATS, formatPrice, seatsText, heroTexts, nextAnswer, handleGetLanding };
