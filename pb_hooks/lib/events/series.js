/// <reference path="../../../pb_data/types.d.ts" />
// A series of masterclasses: every published one still to come is on the
// site, each with its own page (`/events/<slug>`). This file answers
//   GET /api/masterclass/events  the published masterclasses that have not
//                                ended, soonest first, each with its price,
//                                seats left, effective sales state and phase;
// and says which of them is the soonest with seats on sale (nextOnSale), the
// one the landing page offers beside a featured masterclass that sells no
// seat ("Next: Wednesday 10 March 2027 — Register"). The featured
// masterclass itself is lib/events/summary.js featuredEvent. A cancelled
// masterclass stays in the list with `cancelled: true` and phase "cancelled"
// (never on sale): its page, its attendees' links and anyone who saw it
// announced find it said to be cancelled rather than gone without a word.

/** The most masterclasses the list answers (a series is a handful; the rest would be a mistake). */
const LIST_LIMIT = 50;

/**
 * A masterclass as the list answers it.
 * @param {core.App} app
 * @param {core.Record} event
 * @param {Date} now
 */
function listedEvent(app, event, now) {
  const { seatsLeft, effectiveSalesState } = require(`${__hooks}/lib/events/capacity.js`);
  const { recordPhase } = require(`${__hooks}/lib/events/phase.js`);
  const left = seatsLeft(app, event);
  const phase = recordPhase(event, now);
  return {
    ...require(`${__hooks}/lib/events/answer.js`).eventAnswer(event),
    slug: event.getString("slug"),
    capacity: event.getInt("capacity"),
    price_cents: event.getInt("price_cents"),
    currency: event.getString("currency"),
    sales_state: effectiveSalesState(event, left),
    sales_open_at: event.getString("sales_open_at"),
    seats_left: left,
    // a cancelled masterclass stays listed, marked (phase "cancelled"), so its page and its attendees' links say so
    cancelled: phase === "cancelled",
    phase: phase === "on_sale" && left === 0 ? "sold_out" : phase,
    on_sale: phase === "on_sale" && left > 0,
  };
}

/**
 * The published masterclasses that have not ended, soonest first.
 * @param {core.App} app
 * @returns {core.Record[]}
 */
function comingEvents(app) {
  const { dbNow } = require(`${__hooks}/lib/core/db-date.js`);
  return app.findRecordsByFilter("events", "published = true && ends_at > {:now}", "starts_at,created,id", LIST_LIMIT, 0, { now: dbNow() });
}

/**
 * Whether seats of `event` can be bought now: published, open (sales opened),
 * before its start, with a seat left.
 * @param {core.App} app
 * @param {core.Record} event
 * @param {Date} [now]
 */
function onSale(app, event, now) {
  const { recordPhase } = require(`${__hooks}/lib/events/phase.js`);
  if (!event.getBool("published") || recordPhase(event, now || new Date()) !== "on_sale") return false;
  return require(`${__hooks}/lib/events/capacity.js`).seatsLeft(app, event) > 0;
}

/**
 * The soonest published masterclass with seats on sale other than `exceptId`,
 * or null.
 * @param {core.App} app
 * @param {string} [exceptId]
 */
function nextOnSale(app, exceptId) {
  const now = new Date();
  for (const event of comingEvents(app)) {
    if (event.id !== exceptId && onSale(app, event, now)) return event;
  }
  return null;
}

/** GET /api/masterclass/events @param {core.RequestEvent} e */
function handleListEvents(e) {
  const { answerRefusals } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    const now = new Date();
    const events = comingEvents(e.app).map((event) => listedEvent(e.app, event, now));
    const featured = require(`${__hooks}/lib/events/summary.js`).findEvent(e.app);
    return e.json(200, { featured: featured ? featured.id : null, events });
  });
}

module.exports = { LIST_LIMIT, listedEvent, comingEvents, onSale, nextOnSale, handleListEvents };
