/// <reference path="../../../pb_data/types.d.ts" />
// Claiming a waitlist offer through the registration route
// (POST /api/masterclass/registrations with `waitlistOffer: {offer, token}`)
// and the fulfilment of a paid claim. The claim link lets exactly the person
// it was sent to register exactly one seat, the one the offer holds, even
// while the masterclass is sold out (its seat is already counted):
// - a promo claim confirms the waitlisted row at once and the offer is claimed;
// - a paid claim moves the row to the new registration (still waitlisted) and
//   points the offer at it: while its 30-minute hold lasts the hold counts the
//   seat, not the offer (lib/waitlist/offers.js). Fulfilment confirms the row
//   and marks the offer claimed in the same transaction; an abandoned checkout
//   leaves the offer open until its own expiry. A newer claim of the same
//   offer takes over from an earlier checkout still holding the seat (that
//   one is released; paying it later is refunded, since its row moved on).
// The waitlisted row becomes the confirmed attendee: no second row for the
// same person.

const MESSAGES = {
  format: "The seat offer link is not valid. Please open the link in your email exactly as it was sent.",
  forWaitlist: "A seat offer link is for registering the seat, not for joining the waitlist.",
  withEarlyAccess: "Use either the seat offer link or the early-access link, not both.",
  invalid: "This seat offer link is not valid. Please open the link in your email exactly as it was sent.",
  otherEvent: (title, date) => `This seat offer is for the ${title} on ${date}. Please open the link in your email again.`,
  otherEmail: "This seat is held for the address the offer was sent to. Please register with that address.",
  oneAttendee: "A seat offer is for one attendee: the person it was sent to.",
  claimed: "You have already claimed this seat. Your confirmation email has the details.",
  declined: "You declined this seat, so it was offered to the next person on the waitlist.",
  withdrawn: "This seat offer was withdrawn. Please contact us if you think this is a mistake.",
  expired: (when) => `This seat offer expired on ${when}, so the seat went to the next person on the waitlist.`,
  entryGone: "Your waitlist entry is no longer there, so this offer cannot be claimed. Please contact us.",
};


/** The request's `waitlistOffer` ({offer, token}) or null when absent; adds a field error when malformed. */
function validateField(body, mode, add) {
  const value = body.waitlistOffer;
  if (value === undefined || value === null) return null;
  const { TOKEN_PATTERN } = require(`${__hooks}/lib/waitlist/offer-links.js`);
  const { ID_PATTERN } = require(`${__hooks}/lib/core/ids.js`);
  const wellFormed = typeof value === "object" && !Array.isArray(value) && Object.keys(value).every((key) => key === "offer" || key === "token")
    && ID_PATTERN.test(String(value.offer)) && TOKEN_PATTERN.test(String(value.token));
  if (!wellFormed) {
    add("waitlistOffer", "invalid", MESSAGES.format);
    return null;
  }
  if (mode === "waitlist") {
    add("waitlistOffer", "not_for_waitlist", MESSAGES.forWaitlist);
    return null;
  }
  if (body.earlyAccess) {
    add("waitlistOffer", "with_early_access", MESSAGES.withEarlyAccess);
    return null;
  }
  return { offer: value.offer, token: value.token };
}

function findOffer(app, request) {
  const { offer: offerId, token } = request.waitlistOffer;
  if (!require(`${__hooks}/lib/waitlist/offer-links.js`).verifyClaim(app, offerId, token)) return null;
  try {
    return app.findRecordById("waitlist_offers", offerId);
  } catch {
    return null;
  }
}

/**
 * Before the transaction (lib/registration/prepare.js): the claim registers
 * the waitlisted row itself, so its id is the attendee's (the emails rendered
 * now carry it). Checked again in the transaction.
 */
function prepareClaim(app, request) {
  if (!request.waitlistOffer || request.attendees.length !== 1) return;
  const offer = findOffer(app, request);
  if (offer && offer.getString("attendee")) request.attendees[0].id = offer.getString("attendee");
}

function refuse(status, code, message) {
  return { refusal: require(`${__hooks}/lib/core/errors.js`).refusal(status, "waitlistOffer", code, message) };
}

/**
 * Whether this registration may claim its offer (inside the registration's
 * transaction, with the event read there): `{refusal}`, or `{offer, attendee}`.
 * A claim needs no open sales, since its seat is the offer's; it does need a
 * masterclass that has not started and whose sales are not closed.
 */
function checkClaim(txApp, event, request) {
  const { MESSAGES: COMMON } = require(`${__hooks}/lib/core/constants.js`);
  const offer = findOffer(txApp, request);
  if (!offer) return refuse(403, "invalid", MESSAGES.invalid);
  if (offer.getString("event") !== event.id) {
    const other = txApp.findRecordById("events", offer.getString("event"));
    return refuse(409, "other_event", MESSAGES.otherEvent(other.getString("title"), require(`${__hooks}/lib/events/format.js`).formatDate(other.getString("starts_at"), other.getString("timezone"))));
  }
  if (request.attendees.length !== 1) return { refusal: require(`${__hooks}/lib/core/errors.js`).refusal(400, "attendees", "one_attendee", MESSAGES.oneAttendee) };
  if (request.attendees[0].email.toLowerCase() !== offer.getString("email").toLowerCase()) return refuse(403, "other_email", MESSAGES.otherEmail);
  const status = offer.getString("status");
  if (status === "claimed") return refuse(409, "claimed", MESSAGES.claimed);
  if (status === "declined") return refuse(409, "declined", MESSAGES.declined);
  if (status === "skipped") return refuse(409, "withdrawn", MESSAGES.withdrawn);
  if (status === "expired" || offer.getString("expires_at") <= require(`${__hooks}/lib/core/db-date.js`).dbNow()) {
    return refuse(409, "expired", MESSAGES.expired(require(`${__hooks}/lib/events/format.js`).formatInstant(offer.getString("expires_at"), event.getString("timezone"))));
  }
  const phase = require(`${__hooks}/lib/events/phase.js`).recordPhase(event);
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  if (phase === "happening") return { refusal: refusal(409, "sales", "event_started", COMMON.eventStarted) };
  if (phase === "past") return { refusal: refusal(409, "sales", "event_over", COMMON.eventOver(require(`${__hooks}/lib/events/format.js`).formatDate(event.getString("starts_at"), event.getString("timezone")))) };
  if (event.getString("sales_state") === "closed") return { refusal: refusal(409, "sales", "closed", COMMON.closed) };
  let attendee = null;
  try {
    attendee = txApp.findRecordById("attendees", offer.getString("attendee"));
  } catch {
    attendee = null;
  }
  if (!attendee || attendee.getString("registration_status") !== "waitlisted" || attendee.getString("event") !== event.id) {
    return refuse(409, "entry_gone", MESSAGES.entryGone);
  }
  return { offer, attendee };
}

/**
 * Takes the offer for the registration just saved (inside its transaction):
 * the waitlisted row is this registration's attendee, with the details typed
 * on the form; a promo claim confirms it and claims the offer now, a paid one
 * waits for its payment.
 */
function takeOffer(txApp, claim, registration, request) {
  const { offer, attendee } = claim;
  const offers = require(`${__hooks}/lib/waitlist/offers.js`);
  const previous = offer.getString("registration");
  if (previous && previous !== registration.id && offers.checkoutHolds(txApp, offer)) {
    const earlier = txApp.findRecordById("registrations", previous);
    earlier.set("status", "expired");
    txApp.save(earlier);
  }
  const typed = request.attendees[0];
  attendee.load({
    registration: registration.id,
    full_name: typed.fullName,
    email: typed.email,
    company: typed.company,
    job_title: typed.jobTitle,
    phone_number: typed.phoneNumber,
    role: typed.role,
    dietary_requirements: typed.dietaryRequirements,
    privacy_consent: true,
    marketing_consent: request.marketingConsent,
  });
  if (request.mode === "promo") {
    attendee.set("registration_status", "confirmed");
    if (typed.ticketCode) attendee.set("ticket_code", typed.ticketCode);
    offer.set("status", "claimed");
    offer.set("ended_at", require(`${__hooks}/lib/core/db-date.js`).dbNow());
  }
  offer.set("registration", registration.id);
  txApp.save(offer);
  txApp.save(attendee);
  registration.set("waitlist_offer", offer.id);
  txApp.save(registration);
}

/**
 * At a paid registration's fulfilment (inside its transaction): null for a
 * registration that claims no offer; otherwise whether the offer's own seat
 * is this payment's (`ownSeat`: the offer is open, in its window and points at
 * this registration, so a payment after the hold lapsed keeps its seat) or
 * the payment has no attendee left to confirm (`gone`: a newer claim of the
 * offer took the row).
 */
function claimAtFulfilment(txApp, registration) {
  const offerId = registration.getString("waitlist_offer");
  if (!offerId) return null;
  let offer = null;
  try {
    offer = txApp.findRecordById("waitlist_offers", offerId);
  } catch {
    return null;
  }
  const rows = txApp.findRecordsByFilter("attendees", "registration = {:id}", "", 1, 0, { id: registration.id });
  if (rows.length === 0) return { offer, gone: true, ownSeat: false };
  const ownSeat = offer.getString("status") === "open" && offer.getString("registration") === registration.id
    && offer.getString("expires_at") > require(`${__hooks}/lib/core/db-date.js`).dbNow();
  return { offer, gone: false, ownSeat };
}

/** After a paid claim's attendee was confirmed (same transaction): the offer is claimed. */
function markClaimed(txApp, claim, registration) {
  const { offer } = claim;
  if (offer.getString("status") !== "open" || offer.getString("registration") !== registration.id) return;
  offer.set("status", "claimed");
  offer.set("ended_at", require(`${__hooks}/lib/core/db-date.js`).dbNow());
  txApp.save(offer);
}

module.exports = { MESSAGES, validateField, prepareClaim, checkClaim, takeOffer, claimAtFulfilment, markClaimed };
