/// <reference path="../../../pb_data/types.d.ts" />
// Waitlist offers: every seat that frees at a masterclass still to come whose
// sales state is Sold out goes to the longest-waiting person on its waitlist
// whose address is confirmed (lib/waitlist/queue.js), who gets an email with a signed claim link and a
// decline link (lib/waitlist/offer-emails.js, lib/waitlist/offer-links.js).
//
// Seats. An open offer holds one seat until it expires (lib/events/capacity.js
// counts it with the seats taken), so nobody else can buy it; while the
// checkout of its claim holds a seat (a pending paid registration inside its
// 30-minute hold) the hold counts instead, so the seat is counted once at
// every moment. A claim confirms the waitlisted row itself
// (lib/waitlist/offer-claims.js).
//
// The offer pass (offerFreeSeats) runs in ONE transaction: it counts the free
// seats (capacity − seats taken, open offers included) and offers at most
// that many, to the first people in the queue, skipping everyone who already
// had an offer for this masterclass (unique per masterclass and address).
// Transactions take SQLite's only writer one at a time, so passes run after
// one another: running a pass again, or two at once, never offers the same
// free seat twice. Passes run after a seat frees (waitlist-offers.pb.js: an
// attendee cancelled, moved off confirmed or deleted, a checkout's hold
// released, capacity raised, sales reopened), when an offer is declined,
// expires or is withdrawn, and every minute for each masterclass that has
// offers (the cron, which also expires lapsed offers). Emails are queued in
// the transaction and delivered after it commits.
//
// When. Seats are offered only while the public cannot buy them: the
// masterclass is published, has not started and its sales state is Sold out.
// While sales are Open a freed seat is simply for sale again (first come,
// first served), so nobody holds it through the waitlist; Closed takes no
// registration at all, not even a claim. Offers already open when sales
// reopen keep their seat until they end.
//
// Who. Only entries whose address is confirmed (the link in the waitlist
// email, lib/waitlist/confirmation.js), and only while the person's address
// and the connection they joined from hold fewer seats than the limits of
// unpaid checkouts (HOLD_SEATS_PER_EMAIL, HOLD_SEATS_PER_CLIENT; an open offer
// counts as a held seat, lib/events/capacity.js seatsHeldBy): someone over a
// limit keeps their place and is offered a seat once under it.

const TRIGGERS = ["cancellation", "attendee_removed", "checkout_released", "capacity_raised", "sales_reopened", "offer_declined", "offer_expired", "offer_skipped", "administrator", "scheduled_check", "sales_sold_out", "waitlist_confirmed"];
const SCHEDULED_BATCH = 200;


const now = () => require(`${__hooks}/lib/core/db-date.js`).dbNow();

// ---- seats ----------------------------------------------------------------------------

/** Whether the checkout of an offer's claim holds its seat right now. */
function checkoutHolds(app, offer) {
  const registrationId = offer.getString("registration");
  if (!registrationId) return false;
  try {
    const registration = app.findRecordById("registrations", registrationId);
    return registration.getString("status") === "pending" && registration.getString("hold_expires_at") > now();
  } catch {
    return false;
  }
}

/**
 * Why no seat of this event is offered now ("" when seats are offered): a
 * draft, a masterclass that started, sales closed, or sales open (`on_sale`:
 * the public can buy every freed seat). Only `on_sale` leaves offers already
 * made claimable (see offerEnded).
 */
function offersPaused(event) {
  if (!event.getBool("published")) return "draft";
  const phase = require(`${__hooks}/lib/events/phase.js`).recordPhase(event);
  if (phase === "happening" || phase === "past") return "started";
  const state = event.getString("sales_state");
  if (state === "closed") return "closed";
  if (state !== "sold_out") return "on_sale";
  return "";
}

/** Why an open offer of this event can no longer be claimed ("" while it can): a draft, started or closed masterclass. */
function offersEnded(event) {
  const paused = offersPaused(event);
  return paused === "on_sale" ? "" : paused;
}

// ---- the queue ------------------------------------------------------------------------

function emails(app, sql, params) {
  const rows = arrayOf(new DynamicModel({ email: "" }));
  app.db().newQuery(sql).bind(params).all(rows);
  return rows.map((row) => row.email);
}

/** The event's waitlist in offer order, and who is left out and why (lib/waitlist/queue.js). */
function queueOf(app, eventId) {
  const rows = arrayOf(new DynamicModel({ id: "", email: "", full_name: "", created: "", confirmed_at: "" }));
  app.db()
    .newQuery("SELECT id, email, full_name, created, waitlist_confirmed_at AS confirmed_at FROM attendees WHERE event = {:event} AND registration_status = 'waitlisted'")
    .bind({ event: eventId })
    .all(rows);
  const params = { event: eventId };
  return require(`${__hooks}/lib/waitlist/queue.js`).waitlistQueue(
    rows.map((row) => ({ id: row.id, email: row.email, full_name: row.full_name, created: row.created, confirmed: row.confirmed_at !== "" })),
    {
      offered: emails(app, "SELECT email FROM waitlist_offers WHERE event = {:event}", params),
      seated: emails(app, "SELECT email FROM attendees WHERE event = {:event} AND registration_status IN ('confirmed', 'confirmed_observer')", params),
      unsubscribed: emails(app, `
        SELECT a.email AS email FROM attendees a
        WHERE a.event = {:event} AND a.registration_status = 'waitlisted'
          AND EXISTS (SELECT 1 FROM unsubscribes u WHERE u.email = a.email COLLATE NOCASE)`, params),
    },
  );
}

// ---- making offers --------------------------------------------------------------------

/** The client key of the registration a waitlist entry was made with ("" when none was kept). */
function entryClientKey(app, attendeeId) {
  const row = new DynamicModel({ client_key: "" });
  try {
    app.db()
      .newQuery("SELECT r.client_key AS client_key FROM attendees a JOIN registrations r ON r.id = a.registration WHERE a.id = {:id}")
      .bind({ id: attendeeId })
      .one(row);
  } catch {
    return "";
  }
  return row.client_key;
}

/**
 * Which hold limit one more seat for this waiting person would pass
 * ('email' | 'client'), or "": their open offers and unpaid checkouts count
 * like an unpaid checkout's seats (lib/core/limits.js SEAT_LIMITS).
 */
function holdLimitReached(app, person) {
  const { seatsHeldBy } = require(`${__hooks}/lib/events/capacity.js`);
  const { seatLimit } = require(`${__hooks}/lib/core/limits.js`);
  if (seatsHeldBy(app, "email", person.email) + 1 > seatLimit("heldSeatsPerEmail")) return "email";
  const clientKey = entryClientKey(app, person.attendeeId);
  if (clientKey && seatsHeldBy(app, "client", clientKey) + 1 > seatLimit("heldSeatsPerClient")) return "client";
  return "";
}

function claimHoursOf(event) {
  return require(`${__hooks}/lib/waitlist/queue.js`).claimHours(event.getInt("waitlist_claim_hours"), $os.getenv("WAITLIST_CLAIM_HOURS"));
}

/** Creates one open offer and queues its email (inside the pass's transaction). */
function createOffer(txApp, event, person, trigger, triggeredBy) {
  const { dbDate } = require(`${__hooks}/lib/core/db-date.js`);
  const links = require(`${__hooks}/lib/waitlist/offer-links.js`);
  const id = require(`${__hooks}/lib/core/ids.js`).newRecordId();
  const offeredAt = new Date();
  const expiresAt = require(`${__hooks}/lib/waitlist/queue.js`).offerExpiry(offeredAt, claimHoursOf(event), event.getString("starts_at"));
  const timezone = event.getString("timezone");
  const message = require(`${__hooks}/lib/waitlist/offer-emails.js`).offerEmail({
    fullName: person.fullName,
    email: person.email,
    event: require(`${__hooks}/lib/events/facts.js`).eventFacts(txApp, event),
    price: require(`${__hooks}/lib/events/format.js`).formatAmount(event.getInt("price_cents"), event.getString("currency")),
    heldUntil: require(`${__hooks}/lib/events/format.js`).formatInstant(dbDate(expiresAt), timezone),
    claimUrl: links.claimUrl(txApp, id),
    declineUrl: links.declineUrl(txApp, id),
  });
  const email = require(`${__hooks}/lib/email/outbox.js`).saveOutboxEmail(txApp, {
    to: person.email, subject: message.subject, html: message.html, text: message.text, template: message.template,
    registration: "", attendee: person.attendeeId, secret: message.secret,
  });
  const offer = new Record(txApp.findCachedCollectionByNameOrId("waitlist_offers"));
  offer.set("id", id);
  offer.load({
    event: event.id,
    attendee: person.attendeeId,
    email: person.email,
    full_name: person.fullName.slice(0, 100),
    status: "open",
    offered_at: dbDate(offeredAt),
    expires_at: dbDate(expiresAt),
    trigger: TRIGGERS.includes(trigger) ? trigger : "scheduled_check",
    triggered_by: triggeredBy || "",
    outbox_email: email.id,
  });
  txApp.save(offer);
  return { offerId: id, emailId: email.id, attendeeId: person.attendeeId };
}

/**
 * The pass, inside a transaction: as many offers as there are free seats
 * (or, with `attendeeId`, one to that waiting person if a seat is free).
 * @returns {{offers: {offerId: string, emailId: string, attendeeId: string}[], free: number, paused: string}}
 */
function offerFreeSeatsInTransaction(txApp, eventId, trigger, options) {
  const event = txApp.findRecordById("events", eventId);
  const paused = offersPaused(event);
  if (paused) return { offers: [], free: 0, paused };
  const free = event.getInt("capacity") - require(`${__hooks}/lib/events/capacity.js`).seatsTaken(txApp, eventId);
  if (free <= 0) return { offers: [], free: 0, paused: "" };
  const { waiting } = queueOf(txApp, eventId);
  const candidates = options.attendeeId ? waiting.filter((person) => person.attendeeId === options.attendeeId) : waiting;
  const offers = [];
  const overLimit = [];
  for (const person of candidates) {
    if (offers.length >= free) break;
    // Counted after each offer saved in this transaction, so one pass cannot pass a limit either.
    const limit = holdLimitReached(txApp, person);
    if (limit) {
      overLimit.push({ attendeeId: person.attendeeId, limit });
      continue;
    }
    offers.push(createOffer(txApp, event, person, trigger, options.triggeredBy));
  }
  if (overLimit.length > 0) {
    txApp.logger().info("Waitlist offer pass skipped people over a hold limit", "event", eventId, "skipped", JSON.stringify(overLimit));
  }
  return { offers, free, paused: "", overLimit };
}

/** Delivers the emails of offers just committed (outside any transaction). */
function deliverOffers(app, offers) {
  offers.forEach(({ emailId }) => require(`${__hooks}/lib/email/delivery.js`).deliverEmail(app, emailId));
}

/**
 * Offers the event's free seats to its waitlist: the pass in its own
 * transaction, then the emails. Called with a transaction's app it joins that
 * transaction and leaves delivery to the outbox's cron.
 * @param {core.App} app
 * @param {string} eventId
 * @param {string} trigger what freed the seat (see TRIGGERS)
 * @param {{attendeeId?: string, triggeredBy?: string}} [options]
 */
function offerFreeSeats(app, eventId, trigger, options = {}) {
  let result = { offers: [], free: 0, paused: "" };
  app.runInTransaction((txApp) => {
    result = offerFreeSeatsInTransaction(txApp, eventId, trigger, options);
  });
  if (!app.isTransactional()) deliverOffers(app, result.offers);
  return result;
}

/** offerFreeSeats from a record hook after commit: a fault is logged, never thrown into the save that freed the seat. */
function offerFreeSeatsSafely(app, eventId, trigger) {
  if (!eventId) return;
  try {
    offerFreeSeats(app, eventId, trigger);
  } catch (error) {
    app.logger().error("Waitlist offer pass failed", "event", eventId, "trigger", trigger, "error", require(`${__hooks}/lib/core/errors.js`).describeError(error));
  }
}

// ---- ending offers --------------------------------------------------------------------

/** Ends an open offer (inside a transaction); a checkout of its claim still holding the seat is released too. */
function endOffer(txApp, offer, status, note, triggeredBy) {
  offer.set("status", status);
  offer.set("ended_at", now());
  if (note) offer.set("note", note);
  if (triggeredBy) offer.set("triggered_by", triggeredBy);
  txApp.save(offer);
  if (checkoutHolds(txApp, offer)) {
    const registration = txApp.findRecordById("registrations", offer.getString("registration"));
    registration.set("status", "expired");
    txApp.save(registration);
  }
}

/**
 * The cron's first job: open offers past their expiry become `expired` (an
 * offer whose claim is in checkout waits until that checkout ends), each in
 * its own short transaction; then the seats go to the next people.
 * @returns {number} offers expired
 */
function expireLapsedOffers(app) {
  const lapsed = app.findRecordsByFilter("waitlist_offers", "status = 'open' && expires_at <= {:now}", "expires_at", SCHEDULED_BATCH, 0, { now: now() });
  const events = {};
  let expired = 0;
  for (const candidate of lapsed) {
    app.runInTransaction((txApp) => {
      const offer = txApp.findRecordById("waitlist_offers", candidate.id);
      if (offer.getString("status") !== "open" || offer.getString("expires_at") > now() || checkoutHolds(txApp, offer)) return;
      endOffer(txApp, offer, "expired", "Not claimed in time.");
      events[offer.getString("event")] = true;
      expired += 1;
    });
  }
  Object.keys(events).forEach((eventId) => offerFreeSeatsSafely(app, eventId, "offer_expired"));
  return expired;
}

/** The cron, every minute: expiry, then a pass for every masterclass that has offers (a seat freed while a pass failed is not lost). */
function runScheduled(app) {
  expireLapsedOffers(app);
  const rows = arrayOf(new DynamicModel({ event: "" }));
  app.db().newQuery("SELECT DISTINCT event FROM waitlist_offers").all(rows);
  for (const { event: eventId } of rows) {
    let event = null;
    try {
      event = app.findRecordById("events", eventId);
    } catch {
      continue;
    }
    if (!offersPaused(event)) offerFreeSeatsSafely(app, eventId, "scheduled_check");
  }
}

// ---- what frees a seat (record hooks, after commit) -----------------------------------

/** An attendee saved: a confirmed seat left (cancelled, made observer or waitlisted, or moved to another event). */
function afterAttendeeUpdate(e) {
  const original = e.record.original();
  if (original.getString("registration_status") !== "confirmed") return;
  const status = e.record.getString("registration_status");
  const eventId = original.getString("event");
  if (status === "confirmed" && e.record.getString("event") === eventId) return;
  offerFreeSeatsSafely(e.app, eventId, status === "cancelled" ? "cancellation" : "attendee_removed");
}

/** Before an attendee row is deleted (inside the delete): its open offer ends with it. */
function beforeAttendeeDelete(e) {
  const open = e.app.findRecordsByFilter("waitlist_offers", "attendee = {:attendee} && status = 'open'", "", 0, 0, { attendee: e.record.id });
  open.forEach((offer) => endOffer(e.app, offer, "skipped", "The waitlist entry was deleted."));
}

/**
 * An open offer whose person is being deleted: the delete's cascade clears the
 * offer's attendee inside the delete's transaction, and the offer ends there
 * too. beforeAttendeeDelete reads before that transaction opens, so an offer
 * an administrator made in between would otherwise stay open, holding a seat
 * for nobody.
 */
function beforeOfferUpdate(e) {
  const offer = e.record;
  const original = offer.original();
  if (original.getString("status") !== "open" || offer.getString("status") !== "open") return;
  if (original.getString("attendee") === "" || offer.getString("attendee") !== "") return;
  offer.set("status", "skipped");
  offer.set("ended_at", now());
  offer.set("note", "The waitlist entry was deleted.");
  if (checkoutHolds(e.app, offer)) {
    const registration = e.app.findRecordById("registrations", offer.getString("registration"));
    registration.set("status", "expired");
    e.app.save(registration);
  }
}

/** After an attendee row was deleted: a confirmed seat, or the seat of a waitlisted row's open offer, may be free. */
function afterAttendeeDelete(e) {
  const status = e.record.getString("registration_status");
  if (status === "confirmed" || status === "waitlisted") offerFreeSeatsSafely(e.app, e.record.getString("event"), "attendee_removed");
}

/** A paid registration's hold released (expired, cancelled, or its hold moved into the past). */
function afterRegistrationUpdate(e) {
  const original = e.record.original();
  if (original.getString("kind") !== "paid" || original.getString("status") !== "pending") return;
  const status = e.record.getString("status");
  const holdEnd = e.record.getString("hold_expires_at");
  const released = status === "expired" || status === "cancelled"
    || (status === "pending" && holdEnd < original.getString("hold_expires_at") && holdEnd <= now());
  if (released) offerFreeSeatsSafely(e.app, e.record.getString("event"), "checkout_released");
}

/** An event saved: capacity raised, or its sales state set to Sold out (from Closed: sales reopened; from Open: sold out). */
function afterEventUpdate(e) {
  const original = e.record.original();
  const before = original.getString("sales_state");
  if (e.record.getInt("capacity") > original.getInt("capacity")) {
    offerFreeSeatsSafely(e.app, e.record.id, "capacity_raised");
  } else if (e.record.getString("sales_state") === "sold_out" && before !== "sold_out") {
    offerFreeSeatsSafely(e.app, e.record.id, before === "closed" ? "sales_reopened" : "sales_sold_out");
  }
}

module.exports = {
  TRIGGERS,
  checkoutHolds,
  offersPaused,
  offersEnded,
  queueOf,
  holdLimitReached,
  claimHoursOf,
  createOffer,
  offerFreeSeats,
  offerFreeSeatsSafely,
  endOffer,
  expireLapsedOffers,
  runScheduled,
  afterAttendeeUpdate,
  beforeAttendeeDelete,
  beforeOfferUpdate,
  afterAttendeeDelete,
  afterRegistrationUpdate,
  afterEventUpdate,
};
