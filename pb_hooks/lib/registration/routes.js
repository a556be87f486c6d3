/// <reference path="../../../pb_data/types.d.ts" />
// POST /api/masterclass/registrations: limits the request per client and
// mode, validates it, then in ONE transaction checks the event's per-order
// maximum, the seats this buyer and client already hold, sales and capacity,
// takes a promo or discount code's uses (seats), creates the registration and its attendees and queues
// the promo or waitlist emails. A second waitlist entry for the same email is
// answered kindly and writes nothing. Paid registrations leave the
// transaction as a 30-minute hold and go on to checkout (lib/checkout/session.js).
// The work that needs no lock (ids, rendered emails) is done before the
// transaction (lib/registration/prepare.js).

/** Whether this email already waits on the event's waitlist (any case). */
function isOnWaitlist(txApp, eventId, email) {
  const row = new DynamicModel({ found: 0 });
  txApp.db()
    .newQuery("SELECT COUNT(*) AS found FROM attendees WHERE event = {:event} AND email = {:email} COLLATE NOCASE AND registration_status = 'waitlisted'")
    .bind({ event: eventId, email })
    .one(row);
  return row.found > 0;
}

/**
 * Why a new unpaid checkout would hold too many seats for one buyer (the
 * primary email) or one client (its address), or null. Stops one visitor
 * holding every seat for free, again and again. Open waitlist offers count as
 * held seats (lib/events/capacity.js seatsHeldBy), except the offer this
 * checkout claims: its seat becomes this checkout's.
 */
function holdRefusal(txApp, request, claimedOffer) {
  const { MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  const { seatsHeldApart } = require(`${__hooks}/lib/events/capacity.js`);
  const { seatLimit } = require(`${__hooks}/lib/core/limits.js`);
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const wanted = request.attendees.length;
  const byEmail = seatsHeldApart(txApp, "email", request.attendees[0].email, claimedOffer);
  const heldByEmail = byEmail.checkouts + byEmail.offers;
  if (heldByEmail + wanted > seatLimit("heldSeatsPerEmail")) {
    const message = byEmail.offers > 0 ? MESSAGES.heldSeatsPerEmailWithOffers(heldByEmail) : MESSAGES.heldSeatsPerEmail(heldByEmail);
    return refusal(429, "holds", "held_seats_email", message);
  }
  const byClient = seatsHeldApart(txApp, "client", request.clientKey, claimedOffer);
  if (byClient.checkouts + byClient.offers + wanted > seatLimit("heldSeatsPerClient")) {
    return refusal(429, "holds", "held_seats_client", byClient.offers > 0 ? MESSAGES.heldSeatsPerClientWithOffers : MESSAGES.heldSeatsPerClient);
  }
  return null;
}

const ATTENDEE_STATUS = { paid: "", promo: "confirmed", waitlist: "waitlisted" };
const REGISTRATION_STATUS = { paid: "pending", promo: "completed", waitlist: "pending" };

// Collections come from PocketBase's cache: findCollectionByNameOrId reads
// and decodes the collection from the database on every call. An attendee
// whose invitation is captured in this transaction (no SMTP: nothing to
// deliver) is saved already marked invited, rather than saved again by the
// outbox (lib/email/outbox.js recordDelivered): one write instead of two.
function saveAttendees(txApp, registration, request, invitedAt) {
  const collection = txApp.findCachedCollectionByNameOrId("attendees");
  for (const attendee of request.attendees) {
    const record = new Record(collection);
    record.set("id", attendee.id);
    record.load({
      registration: registration.id,
      event: registration.getString("event"),
      full_name: attendee.fullName,
      email: attendee.email,
      company: attendee.company,
      job_title: attendee.jobTitle,
      phone_number: attendee.phoneNumber,
      role: attendee.role,
      dietary_requirements: request.mode === "waitlist" ? "" : attendee.dietaryRequirements,
      privacy_consent: true,
      marketing_consent: request.marketingConsent,
      utm_source: request.utm.utm_source,
      utm_medium: request.utm.utm_medium,
      registration_status: ATTENDEE_STATUS[request.mode],
      // made with the emails (lib/registration/prepare.js); the record hooks give any other confirmed row its own
      ticket_code: attendee.ticketCode || "",
      invitation_sent: !!invitedAt[attendee.id],
      invitation_sent_at: invitedAt[attendee.id] || "",
    });
    txApp.save(record);
  }
}

/**
 * The checks, in order, before any write: `{refusal}` when the request cannot
 * be taken, `{replayed}` or `{alreadyOnWaitlist}` when it writes nothing new,
 * otherwise what the writes need. In the transaction (`inTransaction`) a promo
 * use is counted; outside it (a look before the transaction) nothing is written.
 * @param {core.App} txApp the transaction's app, or the app for a look before it
 * @param {boolean} inTransaction
 */
function checkRequest(txApp, request, inTransaction) {
  const { MAX_ATTENDEES, MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  const { salesRefusal } = require(`${__hooks}/lib/events/capacity.js`);
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);

  // The same request sent twice at once: the second finds the first's registration here.
  if (request.requestId && require(`${__hooks}/lib/registration/replay.js`).findByRequestId(txApp, request.requestId)) {
    return { replayed: true };
  }
  // Read again inside the transaction: sales state and capacity decide there.
  const event = txApp.findRecordById("events", request.eventId);
  // A draft (the next masterclass before it is announced) takes nobody, not even its waitlist.
  if (!event.getBool("published")) return { refusal: refusal(409, "event", "event_draft", MESSAGES.eventDraft) };
  // A cancelled masterclass takes nobody either: no seat, no promo, no waitlist (its waitlist was closed and told).
  if (event.getString("cancelled_at") !== "") return { refusal: refusal(409, "event", "event_cancelled", MESSAGES.eventCancelled) };
  if (request.mode === "waitlist" && isOnWaitlist(txApp, event.id, request.attendees[0].email)) {
    return { alreadyOnWaitlist: true, eventId: event.id };
  }
  const maxPerRegistration = event.getInt("max_per_registration") || MAX_ATTENDEES;
  if (request.attendees.length > maxPerRegistration) {
    return { refusal: refusal(400, "attendees", "too_many", MESSAGES.attendeesOverEventMax(maxPerRegistration)) };
  }
  // A waitlist offer's claim link: the offer's own seat, for its own person (lib/waitlist/offer-claims.js).
  const claim = request.waitlistOffer ? require(`${__hooks}/lib/waitlist/offer-claims.js`).checkClaim(txApp, event, request) : null;
  if (claim && claim.refusal) return { refusal: claim.refusal };
  // While the event's early-access window is open only the waitlist's early-access links register seats.
  // A link registers once (its address kept on the registration, below).
  const early = claim ? { linkEmail: "" } : require(`${__hooks}/lib/waitlist/early-access-check.js`).checkRegistration(txApp, event, request);
  if (early.refusal) return { refusal: early.refusal };
  if (request.mode === "paid") {
    const refused = holdRefusal(txApp, request, claim ? claim.offer.id : "");
    if (refused) return { refusal: refused };
  }
  if (request.mode !== "waitlist" && !claim) {
    const refused = salesRefusal(txApp, event, request.attendees.length);
    if (refused) return { refusal: refused };
  }
  // A free code (promo mode) or a discount code on a paid order: its uses are taken in the transaction (lib/registration/promo.js).
  let promo = null;
  if (request.promoCode) {
    const decided = require(`${__hooks}/lib/registration/promo.js`).decideCode(txApp, request, event, inTransaction);
    if (decided.refusal) return { refusal: decided.refusal };
    promo = decided.promo;
  }
  return { event, claim, early, promo };
}

/**
 * A sold-out opening brings a crowd whose requests would each wait for the
 * transaction (SQLite's only writer) just to be told the seats are gone. When
 * the seats look gone already, the checks run first without it, and a request
 * they refuse gets that refusal (the same one, in the same order of checks)
 * without waiting for the writer; anything they let through is checked again
 * in the transaction, which decides.
 * @param {core.App} app
 * @param {object} request a validated request with `eventId`
 * @param {core.Record} [resolved] the event the route read
 * @returns {object | null} the refusal, or null
 */
function refusalWhenSeatsLookGone(app, request, resolved) {
  if (request.mode === "waitlist" || request.waitlistOffer) return null;
  const event = resolved && resolved.id === request.eventId ? resolved : app.findRecordById("events", request.eventId);
  if (require(`${__hooks}/lib/events/capacity.js`).seatsLeft(app, event) >= request.attendees.length) return null;
  return checkRequest(app, request, false).refusal || null;
}

/**
 * Everything that must happen atomically. Returns `{refusal}` before any
 * write when the request cannot be taken, otherwise the new registration.
 * @param {core.App} txApp
 */
function createInTransaction(txApp, request) {
  const { HOLD_MINUTES } = require(`${__hooks}/lib/core/constants.js`);
  const { dbMinutesFromNow } = require(`${__hooks}/lib/core/db-date.js`);
  const checked = checkRequest(txApp, request, true);
  if (!checked.event) return checked;
  const { event, claim, early, promo } = checked;
  const price = promo ? promo.price : require(`${__hooks}/lib/registration/discount.js`).orderPrice(null, event.getInt("price_cents"), request.attendees.length);

  const registration = new Record(txApp.findCachedCollectionByNameOrId("registrations"));
  registration.set("id", request.registrationId);
  registration.load({
    event: event.id,
    kind: request.mode,
    status: REGISTRATION_STATUS[request.mode],
    primary_email: request.attendees[0].email,
    total_amount_cents: request.mode === "paid" ? price.totalCents : 0,
    // One seat's price after any discount, GST included: every seat of the order costs the same.
    unit_price_cents: request.mode === "paid" ? price.unitPriceCents : 0,
    discount_cents: price.discountCents,
    discount_label: promo ? promo.label : "",
    currency: event.getString("currency"),
    promo_code: promo ? promo.id : "",
    retry_count: 0,
    utm_source: request.utm.utm_source,
    utm_medium: request.utm.utm_medium,
    hold_expires_at: request.mode === "paid" ? dbMinutesFromNow(HOLD_MINUTES) : "",
    client_key: request.clientKey || "",
    held_seats: request.mode === "paid" ? request.attendees.length : 0,
    stripe_session_id: request.sessionId || "",
    client_request_id: request.requestId || "",
    client_request_hash: request.requestId ? request.requestDigest : "",
    early_access_email: early.linkEmail,
  });
  txApp.save(registration);
  const emails = require(`${__hooks}/lib/email/registration-emails.js`);
  const invitedAt = claim ? {} : emails.capturedInvitations(txApp, request.emails);
  if (claim) require(`${__hooks}/lib/waitlist/offer-claims.js`).takeOffer(txApp, claim, registration, request);
  else saveAttendees(txApp, registration, request, invitedAt);

  emails.saveRenderedEmails(txApp, registration.id, request.emails, invitedAt);

  return {
    registrationId: registration.id,
    status: registration.getString("status"),
    eventId: event.id,
    quantity: request.attendees.length,
    customerEmail: request.attendees[0].email,
    sessionId: request.sessionId || "",
  };
}

/**
 * @param {core.App} app
 * @param {object} request a validated registration request
 * @param {core.Record} [event] the event the request resolved to, when the caller has read it
 */
function createRegistration(app, request, event) {
  const refused = refusalWhenSeatsLookGone(app, request, event);
  if (refused) throw refused;
  require(`${__hooks}/lib/registration/prepare.js`).prepareRegistration(app, request, event);
  let created = null;
  app.runInTransaction((txApp) => {
    created = createInTransaction(txApp, request);
  });
  if (created.refusal) throw created.refusal;
  return created;
}

const MODE_RATES = { paid: "registerPaid", promo: "registerPromo", waitlist: "registerWaitlist" };

/**
 * Per-client rates for the request's mode; a request with a code also spends
 * the promo-check budget it shares with /promo/validate, so codes cannot be
 * guessed through either route.
 * @param {core.RequestEvent} e
 */
function enforceRates(e, mode, withCode) {
  const rateLimit = require(`${__hooks}/lib/core/rate-limit.js`);
  const address = require(`${__hooks}/lib/core/client-key.js`).clientAddress(e);
  rateLimit.enforce(e.app, MODE_RATES[mode], address);
  if (mode === "promo" || withCode) rateLimit.enforce(e.app, "promoChecks", address);
}

/** POST /api/masterclass/registrations @param {core.RequestEvent} e */
function handleCreateRegistration(e) {
  const { MAX_BODY_BYTES, MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  const { answerRefusals, readJsonObject, invalidFields } = require(`${__hooks}/lib/core/errors.js`);
  const { validateRegistration } = require(`${__hooks}/lib/registration/validation.js`);
  return answerRefusals(e, () => {
    const checked = validateRegistration(readJsonObject(e, MAX_BODY_BYTES));
    if (checked.errors) throw invalidFields(checked.errors);
    if (checked.registration.mode === "paid") require(`${__hooks}/lib/checkout/mode.js`).refuseWhenPaymentUnavailable();
    const request = checked.registration;
    enforceRates(e, request.mode, Boolean(request.promoCode));
    const event = require(`${__hooks}/lib/events/summary.js`).requestedEvent(e, request.event);
    request.eventId = event.id;
    const replays = require(`${__hooks}/lib/registration/replay.js`);
    // Only a request with a key is kept with its digest (and can be replayed).
    request.requestDigest = request.requestId ? replays.requestDigest(request) : "";
    const replayed = replays.replay(e.app, request);
    if (replayed) return e.json(replayed.status, replayed.body);
    // A waitlist entry keeps its client too: its seat offers count toward that client's hold limit.
    if (request.mode === "paid" || request.mode === "waitlist") request.clientKey = require(`${__hooks}/lib/core/client-key.js`).clientKey(e);
    let created;
    try {
      created = createRegistration(e.app, request, event);
    } catch (error) {
      // The same key sent twice at once: the unique key refused the second insert.
      const concurrent = !(error && error.isRequestError) && replays.replay(e.app, request);
      if (concurrent) return e.json(concurrent.status, concurrent.body);
      throw error;
    }
    if (created.replayed) {
      const answer = replays.replay(e.app, request);
      return e.json(answer.status, answer.body);
    }
    if (created.alreadyOnWaitlist) {
      // An entry whose address is not confirmed yet gets its confirmation link again (the answer is the same).
      require(`${__hooks}/lib/waitlist/confirmation.js`).resendIfUnconfirmed(e.app, created.eventId, request.attendees[0].email);
      return e.json(200, { registrationId: "", status: "pending", emailWarning: false, alreadyOnWaitlist: true, message: MESSAGES.alreadyOnWaitlist });
    }
    if (request.mode === "paid") {
      return e.json(201, require(`${__hooks}/lib/checkout/session.js`).startCheckout(e.app, created));
    }
    // Without SMTP every email was stored as captured in the transaction, and a
    // waitlist or promo registration has no status waiting on delivery.
    const emailWarning = e.app.settings().smtp.enabled
      ? require(`${__hooks}/lib/email/warning.js`).deliverRegistrationEmails(e.app, created.registrationId)
      : false;
    const order = request.mode === "promo" ? { order: require(`${__hooks}/lib/orders/links.js`).orderLink(e.app, created.registrationId) } : {};
    return e.json(201, { registrationId: created.registrationId, status: created.status, emailWarning, ...order });
  });
}

module.exports = { createRegistration, handleCreateRegistration };
