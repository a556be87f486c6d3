/// <reference path="../../pb_data/types.d.ts" />
// The one place a paid registration changes state. `fulfilCheckout` is used by
// the webhook, the return check and the simulated checkout, and is idempotent:
// a replay finds the registration already paid and does nothing. A payment
// that arrives after its hold lapsed is honoured only if seats are still free;
// otherwise the registration is cancelled and the caller refunds.

/**
 * @param {core.App} app
 * @param {string} sessionId
 * @returns {core.Record | null}
 */
function findRegistrationBySession(app, sessionId) {
  if (!sessionId) return null;
  try {
    return app.findFirstRecordByData("registrations", "stripe_session_id", sessionId);
  } catch {
    return null;
  }
}

function attendeesOf(app, registrationId) {
  return app.findRecordsByFilter("attendees", "registration = {:id}", "", 0, 0, { id: registrationId });
}

function setStatuses(txApp, registration, status, attendeeStatus, onlyAttendeesWith) {
  registration.set("status", status);
  txApp.save(registration);
  for (const attendee of attendeesOf(txApp, registration.id)) {
    if (onlyAttendeesWith !== undefined && attendee.getString("registration_status") !== onlyAttendeesWith) continue;
    attendee.set("registration_status", attendeeStatus);
    txApp.save(attendee);
  }
}

/** Whether this registration's seats are counted right now (an unexpired hold). */
function holdsSeats(registration) {
  const { dbNow } = require(`${__hooks}/lib/db-date.js`);
  return registration.getString("status") === "pending" && registration.getString("hold_expires_at") > dbNow();
}

function fulfilInTransaction(txApp, sessionId) {
  const registration = findRegistrationBySession(txApp, sessionId);
  if (!registration || registration.getString("kind") !== "paid") return { outcome: "not_found", registrationId: "" };
  const registrationId = registration.id;
  const status = registration.getString("status");
  if (status === "paid" || status === "completed") return { outcome: "already_fulfilled", registrationId };
  if (status === "cancelled") return { outcome: "seats_gone", registrationId };

  if (!holdsSeats(registration)) {
    const { seatsLeft } = require(`${__hooks}/lib/capacity.js`);
    const event = txApp.findRecordById("events", registration.getString("event"));
    if (seatsLeft(txApp, event) < attendeesOf(txApp, registrationId).length) {
      setStatuses(txApp, registration, "cancelled", "cancelled");
      return { outcome: "seats_gone", registrationId };
    }
  }
  setStatuses(txApp, registration, "paid", "confirmed");
  require(`${__hooks}/lib/emails.js`).queueRegistrationEmails(txApp, registrationId);
  return { outcome: "fulfilled", registrationId };
}

/**
 * Delivers the queued emails itself after commit. Called with a transaction's
 * app (the webhook records its event id in the same transaction) it cannot
 * know when that commits, so it leaves delivery to the caller's after-commit
 * step (`deliverAfterCommit: true`) or to the email cron.
 * @param {core.App} app
 * @param {{sessionId: string, paymentIntentId?: string, amountTotal?: number}} payment
 * @returns {{outcome: 'fulfilled'|'already_fulfilled'|'seats_gone'|'not_found', registrationId: string, emailWarning?: boolean, deliverAfterCommit?: boolean}}
 */
function fulfilCheckout(app, { sessionId, paymentIntentId, amountTotal }) {
  let result = null;
  app.runInTransaction((txApp) => {
    result = fulfilInTransaction(txApp, sessionId);
  });
  if (result.outcome !== "not_found" && typeof amountTotal === "number") {
    const expected = app.findRecordById("registrations", result.registrationId).getInt("total_amount_cents");
    if (amountTotal !== expected) {
      app.logger().warn("Paid amount differs from the registration total", "registration", result.registrationId, "paid", amountTotal, "expected", expected, "paymentIntent", paymentIntentId || "");
    }
  }
  if (result.outcome === "fulfilled" && app.isTransactional()) {
    result.deliverAfterCommit = true;
  } else if (result.outcome === "fulfilled") {
    result.emailWarning = require(`${__hooks}/lib/email-warning.js`).deliverRegistrationEmails(app, result.registrationId);
  }
  return result;
}

/**
 * Ends a pending paid registration's hold: registration `expired`, its
 * unconfirmed attendees `cancelled`. Anything not pending is left alone.
 * @param {core.App} txApp
 * @param {core.Record} registration
 */
function expireInTransaction(txApp, registration) {
  if (registration.getString("kind") !== "paid" || registration.getString("status") !== "pending") {
    return { outcome: "unchanged", registrationId: registration.id };
  }
  setStatuses(txApp, registration, "expired", "cancelled", "");
  return { outcome: "released", registrationId: registration.id };
}

/** @param {core.App} app @param {string} sessionId */
function releaseHold(app, sessionId) {
  let result = { outcome: "not_found", registrationId: "" };
  app.runInTransaction((txApp) => {
    const registration = findRegistrationBySession(txApp, sessionId);
    if (registration) result = expireInTransaction(txApp, registration);
  });
  return result;
}

/** @param {core.App} app @param {string} registrationId */
function releaseRegistration(app, registrationId) {
  let result = { outcome: "not_found", registrationId };
  app.runInTransaction((txApp) => {
    result = expireInTransaction(txApp, txApp.findRecordById("registrations", registrationId));
  });
  return result;
}

/**
 * The cron's job: expires pending paid registrations whose hold has lapsed,
 * each in its own short transaction. Returns how many it expired.
 * @param {core.App} app
 */
function expireLapsedHolds(app) {
  const { dbNow } = require(`${__hooks}/lib/db-date.js`);
  const lapsed = app.findRecordsByFilter(
    "registrations",
    "kind = 'paid' && status = 'pending' && hold_expires_at != '' && hold_expires_at < {:now}",
    "hold_expires_at",
    500,
    0,
    { now: dbNow() },
  );
  let expired = 0;
  for (const candidate of lapsed) {
    app.runInTransaction((txApp) => {
      const registration = txApp.findRecordById("registrations", candidate.id);
      if (holdsSeats(registration)) return;
      if (expireInTransaction(txApp, registration).outcome === "released") expired += 1;
    });
  }
  return expired;
}

module.exports = { findRegistrationBySession, fulfilCheckout, releaseHold, releaseRegistration, expireLapsedHolds };
