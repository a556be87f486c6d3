/// <reference path="../../pb_data/types.d.ts" />
// The masterclass event (looked up by its stable key, events.slug) and the
// public summary `GET /api/masterclass/event` answers with.

/**
 * @param {core.App} app
 * @returns {core.Record | null}
 */
function findEvent(app) {
  const { EVENT_SLUG } = require(`${__hooks}/lib/constants.js`);
  try {
    return app.findFirstRecordByData("events", "slug", EVENT_SLUG);
  } catch {
    return null;
  }
}

/** The event, or a 404 request error thrown. */
function requireEvent(app) {
  const event = findEvent(app);
  if (event) return event;
  const { MESSAGES } = require(`${__hooks}/lib/constants.js`);
  throw require(`${__hooks}/lib/errors.js`).refusal(404, "event", "not_found", MESSAGES.eventNotFound);
}

/** @param {core.App} app */
function eventSummary(app) {
  const { seatsLeft, effectiveSalesState } = require(`${__hooks}/lib/capacity.js`);
  const event = requireEvent(app);
  const left = seatsLeft(app, event);
  return {
    id: event.id,
    title: event.getString("title"),
    starts_at: event.getString("starts_at"),
    ends_at: event.getString("ends_at"),
    timezone: event.getString("timezone"),
    location: event.getString("location"),
    venue: event.getString("venue"),
    capacity: event.getInt("capacity"),
    max_per_registration: event.getInt("max_per_registration"),
    price_cents: event.getInt("price_cents"),
    currency: event.getString("currency"),
    sales_state: effectiveSalesState(event, left),
    seats_left: left,
    // "stripe" | "simulated" | "unavailable": the page shows a test-mode banner while simulated.
    checkout_mode: require(`${__hooks}/lib/checkout-mode.js`).checkoutMode(),
  };
}

/** GET /api/masterclass/event @param {core.RequestEvent} e */
function handleGetEvent(e) {
  const { answerRefusals } = require(`${__hooks}/lib/errors.js`);
  return answerRefusals(e, () => e.json(200, eventSummary(e.app)));
}

module.exports = { findEvent, requireEvent, eventSummary, handleGetEvent };
