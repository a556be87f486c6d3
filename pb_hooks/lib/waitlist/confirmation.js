/// <reference path="../../../pb_data/types.d.ts" />
// Confirming a waitlist entry's address. Seats are offered only to people who
// have shown they own the address they joined with (lib/waitlist/offers.js):
// the waitlist email carries a signed confirmation link
// (lib/waitlist/offer-links.js confirmUrl, working for CONFIRM_DAYS), which
// opens /waitlist-status; its button POSTs here. A GET never confirms: mail
// scanners open every link in an email.
//   POST /api/masterclass/waitlist-confirm {attendee, token} → 200 {confirmed: true, alreadyConfirmed}
// Refused with a clear message and nothing written: a malformed body (400), a
// forged or damaged token (403), an expired one (410), an entry that is gone
// (404) or no longer waiting (409). Confirming twice changes nothing.
// Once confirmed, the entry is back in line at its sign-up place, and an
// offer pass runs (a seat may be free for it now).
//
// Joining again with an address whose entry is not confirmed sends the
// confirmation email again, with a new link, at most once per RESEND_MINUTES
// per entry (lib/registration/routes.js answers as for any second entry).

const MAX_BODY_BYTES = 2048;
const RESEND_MINUTES = 60;

const MESSAGES = {
  invalid: "This confirmation link is not valid. Please open the link in your waitlist email exactly as it was sent.",
  expired: "This confirmation link has expired. Join the waitlist again with the same email address and we will send you a new link: you keep your place.",
  gone: "We could not find this waitlist entry. It may have been removed: please contact us if you think this is a mistake.",
  notWaiting: "This waitlist entry no longer waits for a seat, so there is nothing to confirm.",
};

/** The attendee row by id, or null (lib/accounts/accounts.js, the one lookup every route uses). */
function findAttendee(app, id) {
  return require(`${__hooks}/lib/accounts/accounts.js`).findAttendee(app, id);
}

/** `{attendee, token}` from the body; a 400 for anything else. */
function readBody(e) {
  const { readJsonObject, refusal } = require(`${__hooks}/lib/core/errors.js`);
  const body = readJsonObject(e, MAX_BODY_BYTES);
  for (const key of Object.keys(body)) {
    if (key !== "attendee" && key !== "token") throw refusal(400, key, "unknown_field", require(`${__hooks}/lib/core/constants.js`).MESSAGES.unknownField(key));
  }
  if (typeof body.attendee !== "string" || typeof body.token !== "string") throw refusal(400, "token", "invalid", MESSAGES.invalid);
  return { attendeeId: body.attendee, token: body.token };
}

/** POST /api/masterclass/waitlist-confirm @param {core.RequestEvent} e */
function handleConfirm(e) {
  const { answerRefusals, refusal } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    const { attendeeId, token } = readBody(e);
    const checked = require(`${__hooks}/lib/waitlist/offer-links.js`).checkConfirm(e.app, attendeeId, token, new Date());
    if (checked === "invalid") throw refusal(403, "token", "invalid", MESSAGES.invalid);
    if (checked === "expired") throw refusal(410, "token", "expired", MESSAGES.expired);
    let outcome = "";
    let eventId = "";
    e.app.runInTransaction((txApp) => {
      const attendee = findAttendee(txApp, attendeeId);
      if (!attendee) {
        outcome = "gone";
        return;
      }
      eventId = attendee.getString("event");
      if (attendee.getString("waitlist_confirmed_at")) {
        outcome = "already";
        return;
      }
      if (attendee.getString("registration_status") !== "waitlisted") {
        outcome = "not_waiting";
        return;
      }
      attendee.set("waitlist_confirmed_at", require(`${__hooks}/lib/core/db-date.js`).dbNow());
      txApp.save(attendee);
      outcome = "confirmed";
    });
    if (outcome === "gone") throw refusal(404, "attendee", "not_found", MESSAGES.gone);
    if (outcome === "not_waiting") throw refusal(409, "attendee", "not_waiting", MESSAGES.notWaiting);
    if (outcome === "confirmed") require(`${__hooks}/lib/waitlist/offers.js`).offerFreeSeatsSafely(e.app, eventId, "waitlist_confirmed");
    e.response.header().set("Cache-Control", "no-store");
    return e.json(200, { confirmed: true, alreadyConfirmed: outcome === "already" });
  });
}

/**
 * A second sign-up with the address of an unconfirmed entry (after the
 * registration route's transaction): the confirmation email again, with a
 * fresh link, unless one went to this entry in the last RESEND_MINUTES.
 * Never throws into the route: the answer is the same either way.
 * @returns {boolean} whether an email was queued
 */
function resendIfUnconfirmed(app, eventId, email) {
  try {
    const row = new DynamicModel({ id: "" });
    app.db()
      .newQuery("SELECT id FROM attendees WHERE event = {:event} AND email = {:email} COLLATE NOCASE AND registration_status = 'waitlisted' ORDER BY created, id LIMIT 1")
      .bind({ event: eventId, email })
      .one(row);
    const attendee = findAttendee(app, row.id);
    if (!attendee || attendee.getString("waitlist_confirmed_at")) return false;
    const { dbMinutesFromNow } = require(`${__hooks}/lib/core/db-date.js`);
    const recent = app.findRecordsByFilter("emails", "attendee = {:attendee} && template = 'waitlist_confirmation' && created > {:since}", "", 1, 0, {
      attendee: attendee.id, since: dbMinutesFromNow(-RESEND_MINUTES),
    });
    if (recent.length > 0) return false;
    const event = app.findRecordById("events", eventId);
    const facts = require(`${__hooks}/lib/events/facts.js`).eventFacts(app, event);
    const links = require(`${__hooks}/lib/waitlist/offer-links.js`);
    const person = { id: attendee.id, fullName: attendee.getString("full_name"), email: attendee.getString("email") };
    const [{ message }] = require(`${__hooks}/lib/email/registration-emails.js`).renderWaitlistEmail(facts, person, links.statusUrl(app, attendee.id), links.confirmUrl(app, attendee.id));
    const saved = require(`${__hooks}/lib/email/outbox.js`).saveOutboxEmail(app, {
      to: person.email, subject: message.subject, html: message.html, text: message.text, template: message.template,
      registration: attendee.getString("registration"), attendee: attendee.id, secret: message.secret,
    });
    if (app.settings().smtp.enabled) require(`${__hooks}/lib/email/delivery.js`).deliverEmail(app, saved.id);
    return true;
  } catch (error) {
    app.logger().error("Waitlist confirmation resend failed", "event", eventId, "error", require(`${__hooks}/lib/core/errors.js`).describeError(error));
    return false;
  }
}

module.exports = { MESSAGES, RESEND_MINUTES, handleConfirm, resendIfUnconfirmed };
