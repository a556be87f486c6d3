/// <reference path="../../../pb_data/types.d.ts" />
// Which masterclass the site features (the next published one, else the last
// one), the event a request names instead (`event`: an id), and the public
// summary `GET /api/masterclass/event[?event=id | ?slug=slug]` answers with.
// A featured masterclass that sells no seat (sold out, closed, scheduled,
// under way) never hides a later one on sale: the landing page names the
// soonest of those beside it (lib/events/series.js nextOnSale), and every
// published masterclass has its own page, found by its slug.

/**
 * The featured event: the published event still to come or under way that
 * starts first, else the published one that started last (the last
 * masterclass). Drafts are never featured, and a cancelled one only when no
 * other published one is still to come (it then says it was cancelled, with
 * nothing else to offer), before a past one. Every route that takes "the
 * event" takes this one unless the request names another (requestedEvent).
 * @param {core.App} app
 * @returns {core.Record | null}
 */
function featuredEvent(app) {
  const now = require(`${__hooks}/lib/core/db-date.js`).dbNow();
  const first = (filter, sort) => {
    const found = app.findRecordsByFilter("events", filter, sort, 1, 0, { now });
    return found.length > 0 ? found[0] : null;
  };
  return first("published = true && ends_at > {:now} && cancelled_at = ''", "starts_at,created,id")
    || first("published = true && ends_at > {:now}", "starts_at,created,id")
    || first("published = true && cancelled_at = ''", "-starts_at,-created,-id")
    || first("published = true", "-starts_at,-created,-id");
}

/** The featured event (see featuredEvent), or null when none is published. */
function findEvent(app) {
  try {
    return featuredEvent(app);
  } catch {
    return null;
  }
}

/** The featured event, or a 404 request error thrown. */
function requireEvent(app) {
  const event = findEvent(app);
  if (event) return event;
  const { MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  throw require(`${__hooks}/lib/core/errors.js`).refusal(404, "event", "not_found", MESSAGES.eventNotFound);
}

/** PocketBase's answer when a row is not there (database/sql's ErrNoRows). */
const NO_ROW = /no rows in result set/i;

/**
 * The events row `id`, or null when there is none. Any other failure of the read
 * (the database briefly busy while a crowd registers) is tried again twice, then
 * answered 503 "try again", never "this event does not exist": a refusal that
 * sent a visitor away from a masterclass that is there.
 * @param {core.App} app
 * @param {string} id
 */
function readEvent(app, id) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return app.findRecordById("events", id);
    } catch (error) {
      if (NO_ROW.test(String(error))) return null;
      if (attempt >= 3) {
        app.logger().warn("events read failed", "event", id, "error", String(error));
        throw refusal(503, "event", "busy", require(`${__hooks}/lib/core/constants.js`).MESSAGES.serverBusy);
      }
      sleep(50 * attempt);
    }
  }
}

/**
 * The event a request names (`id`), or the featured one when it names none.
 * An unknown id, and a draft for anyone but an administrator, is a 404 (a
 * draft is not shown to exist); a value that is not an id is a 400.
 * @param {core.RequestEvent} e
 * @param {unknown} id the `event` query parameter or body field
 */
function requestedEvent(e, id) {
  const { MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  if (id === undefined || id === null || id === "") return requireEvent(e.app);
  if (!require(`${__hooks}/lib/core/ids.js`).isRecordId(id)) throw refusal(400, "event", "invalid", MESSAGES.eventIdInvalid);
  const event = readEvent(e.app, id);
  if (!event) throw refusal(404, "event", "not_found", MESSAGES.eventUnknown);
  if (!event.getBool("published") && !require(`${__hooks}/lib/core/admin-auth.js`).isAdministrator(e)) {
    throw refusal(404, "event", "not_found", MESSAGES.eventUnknown);
  }
  return event;
}

/** The event named by the request's `event` query parameter, or the featured one. @param {core.RequestEvent} e */
function queryEvent(e) {
  return requestedEvent(e, e.request.url.query().get("event"));
}

/**
 * The published event whose page address is `slug` (an administrator reads a
 * draft's too). A value that is no slug is a 400, an unknown one a 404. An id
 * is taken as well, so `/register?event=` works with either.
 * @param {core.RequestEvent} e
 * @param {string} slug
 */
function sluggedEvent(e, slug) {
  const { MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const { SLUG_PATTERN, SLUG_MAX } = require(`${__hooks}/lib/events/slug.js`);
  if (typeof slug !== "string" || slug.length > SLUG_MAX || !SLUG_PATTERN.test(slug)) {
    throw refusal(400, "slug", "invalid", "The masterclass must be named by its page address.");
  }
  const found = e.app.findRecordsByFilter("events", "slug = {:slug}", "", 1, 0, { slug });
  let event = found.length > 0 ? found[0] : null;
  if (!event && require(`${__hooks}/lib/core/ids.js`).isRecordId(slug)) event = readEvent(e.app, slug);
  if (!event || (!event.getBool("published") && !require(`${__hooks}/lib/core/admin-auth.js`).isAdministrator(e))) {
    throw refusal(404, "event", "not_found", MESSAGES.eventUnknown);
  }
  return event;
}

/** @param {core.App} app */
function eventSummary(app, chosen) {
  const { seatsLeft, effectiveSalesState } = require(`${__hooks}/lib/events/capacity.js`);
  const event = chosen || requireEvent(app);
  const left = seatsLeft(app, event);
  return {
    ...require(`${__hooks}/lib/events/answer.js`).eventAnswer(event),
    slug: event.getString("slug"),
    capacity: event.getInt("capacity"),
    max_per_registration: event.getInt("max_per_registration"),
    price_cents: event.getInt("price_cents"),
    currency: event.getString("currency"),
    sales_state: effectiveSalesState(event, left),
    // when sales open ("" when they open as the sales state says): before it an open event is scheduled (lib/events/phase.js)
    sales_open_at: event.getString("sales_open_at"),
    published: event.getBool("published"),
    // an administrator cancelled the whole masterclass (lib/notices/cancel-event.js): its phase is "cancelled"
    cancelled: event.getString("cancelled_at") !== "",
    // the waitlist's priority window (null until early access is sent): public sales open at its end
    early_access: require(`${__hooks}/lib/waitlist/early-access-window.js`).windowAnswer(event),
    seats_left: left,
    // "stripe" | "simulated" | "unavailable": the page shows a test-mode banner while simulated.
    checkout_mode: require(`${__hooks}/lib/checkout/mode.js`).checkoutMode(),
  };
}

/** GET /api/masterclass/event @param {core.RequestEvent} e */
function handleGetEvent(e) {
  const { answerRefusals } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    const query = e.request.url.query();
    const event = query.get("slug") && !query.get("event") ? sluggedEvent(e, query.get("slug")) : queryEvent(e);
    return e.json(200, eventSummary(e.app, event));
  });
}

module.exports = { featuredEvent, findEvent, requireEvent, requestedEvent, queryEvent, sluggedEvent, eventSummary, handleGetEvent };
