/// <reference path="../../../pb_data/types.d.ts" />
// One order as its buyer sees it without an account (the order page and the
// completion page; the order link: lib/orders/links.js):
//   GET /api/masterclass/orders/{id}?key=… → the order (orderAnswer below)
// An unknown id, a waitlist entry (no order), a malformed, missing or wrong
// key all get the same 404, so the route tells nobody which ids exist. Wrong
// keys count against the client (RATE_LIMIT_ORDER_KEY_FAILURES); every call
// counts against its address (RATE_LIMIT_IP_ORDERS, PocketBase's limiter).
// Tickets are read as they are now: a ticket an administrator replaced shows
// its new code only, a cancelled attendee no code at all, and an order not
// paid yet no ticket.

const MESSAGES = {
  notFound: "This order link is not valid. Please use the link in your confirmation email, or contact us.",
};

const TICKET_STATUSES = ["confirmed", "confirmed_observer"];
const PAID_STATUSES = ["paid", "completed"];

/** The order's state in one word: processing (payment not settled), confirmed, or not_completed. */
function orderState(status) {
  if (PAID_STATUSES.includes(status)) return "confirmed";
  if (status === "pending") return "processing";
  return "not_completed";
}

/** The reference a buyer quotes: the registration id (Stripe's client reference and the admin screens show it too). */
function orderReference(registrationId) {
  return String(registrationId).toUpperCase();
}

function findRegistration(app, id) {
  try {
    return app.findRecordById("registrations", id);
  } catch {
    return null;
  }
}

/**
 * The registration a request's id and key open, or the 404 thrown. Failed
 * attempts are counted per client; a client over its limit is refused before
 * anything is looked at. Also used by the order's other routes (the invoice).
 * @param {core.RequestEvent} e
 * @returns {core.Record}
 */
function requireOrder(e) {
  const rateLimit = require(`${__hooks}/lib/core/rate-limit.js`);
  const client = require(`${__hooks}/lib/core/client-key.js`).clientKey(e);
  const exhausted = rateLimit.exhausted(e.app, "orderKeyFailures", client);
  if (exhausted) throw exhausted;
  const id = e.request.pathValue("id");
  const key = e.request.url.query().get("key");
  const opened = require(`${__hooks}/lib/core/ids.js`).isRecordId(id) && require(`${__hooks}/lib/orders/links.js`).checkOrderKey(e.app, id, key);
  const registration = opened ? findRegistration(e.app, id) : null;
  if (registration && registration.getString("kind") !== "waitlist") return registration;
  rateLimit.consume(e.app, "orderKeyFailures", client);
  throw require(`${__hooks}/lib/core/errors.js`).refusal(404, "order", "not_found", MESSAGES.notFound);
}

/** Refunds recorded for the registration: made (`done`) and still on their way (pending, or failed and followed up by an administrator). */
function refundsOf(app, registrationId, currency) {
  const { formatAmount } = require(`${__hooks}/lib/events/format.js`);
  const actions = app.findRecordsByFilter("payment_actions", "registration = {:id} && kind = 'refund'", "", 0, 0, { id: registrationId });
  const refunds = { refunded_cents: 0, refund_pending_cents: 0 };
  actions.forEach((action) => {
    const cents = action.getInt("amount_cents");
    if (action.getString("status") === "done") refunds.refunded_cents += cents;
    else refunds.refund_pending_cents += cents;
  });
  return { ...refunds, refunded_text: formatAmount(refunds.refunded_cents, currency), refund_pending_text: formatAmount(refunds.refund_pending_cents, currency) };
}

/** One attendee as the order shows them: the current ticket only while they hold one. */
function attendeeAnswer(app, attendee, paid) {
  const ticket = require(`${__hooks}/lib/tickets/ticket.js`);
  const links = require(`${__hooks}/lib/core/links.js`);
  const status = attendee.getString("registration_status");
  const code = attendee.getString("ticket_code");
  const holds = paid && TICKET_STATUSES.includes(status) && ticket.isTicketCode(code);
  const eventId = attendee.getString("event");
  return {
    id: attendee.id,
    name: attendee.getString("full_name"),
    status: status || "pending",
    // let in at the door (a check-in not undone): after the masterclass the page says attended or not
    checked_in: attendee.getString("checked_in_at") !== "",
    ticket: holds
      ? { code, payload: ticket.ticketPayload(eventId, code), calendar_url: links.ticketCalendarUrl(app, eventId, code) }
      : null,
  };
}

/**
 * The order as the page shows it.
 * @param {core.App} app
 * @param {core.Record} registration
 */
function orderAnswer(app, registration) {
  const format = require(`${__hooks}/lib/events/format.js`);
  const links = require(`${__hooks}/lib/core/links.js`);
  const event = app.findRecordById("events", registration.getString("event"));
  const facts = require(`${__hooks}/lib/events/facts.js`).eventFacts(app, event);
  const status = registration.getString("status");
  const state = orderState(status);
  const total = registration.getInt("total_amount_cents");
  const currency = registration.getString("currency");
  const attendees = app
    .findRecordsByFilter("attendees", "registration = {:id}", "created,id", 0, 0, { id: registration.id })
    .map((attendee) => attendeeAnswer(app, attendee, state === "confirmed"));
  const key = require(`${__hooks}/lib/orders/links.js`).orderKey(app, registration.id);
  const created = format.parseUtc(registration.getString("created"));
  return {
    id: registration.id,
    reference: orderReference(registration.id),
    status,
    state,
    kind: registration.getString("kind"),
    total_amount_cents: total,
    currency,
    amount_text: registration.getString("kind") === "promo" || total === 0 ? "Free" : format.formatAmount(total, currency),
    ...refundsOf(app, registration.id, currency),
    created: created.toISOString(),
    created_text: format.formatDate(created, event.getString("timezone")),
    event: {
      id: event.id,
      title: facts.title,
      when: facts.when,
      date: facts.date,
      time: facts.time,
      venue: facts.venue,
      location: facts.location,
      phase: facts.phase,
      starts_at: facts.startsAt.toISOString(),
      ends_at: facts.endsAt.toISOString(),
      calendar_url: `${links.calendarUrl(app)}?event=${encodeURIComponent(event.id)}`,
    },
    attendees,
    invoice_url: state === "confirmed" && total > 0
      ? `${links.appUrl(app)}/api/masterclass/orders/${encodeURIComponent(registration.id)}/invoice.pdf?key=${key}`
      : "",
  };
}

/** GET /api/masterclass/orders/{id}?key=… @param {core.RequestEvent} e */
function handleOrder(e) {
  return require(`${__hooks}/lib/core/errors.js`).answerRefusals(e, () => {
    const registration = requireOrder(e);
    e.response.header().set("Cache-Control", "private, no-store");
    return e.json(200, orderAnswer(e.app, registration));
  });
}

module.exports = { MESSAGES, orderState, orderReference, requireOrder, orderAnswer, handleOrder };
