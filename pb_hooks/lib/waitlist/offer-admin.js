/// <reference path="../../../pb_data/types.d.ts" />
// Administrators' view of one masterclass's waitlist (Event & Promo Codes →
// Waitlist and seat offers). Administrators and superusers only: a guest gets
// 401, anyone else 403, before anything is read.
//   GET  /api/masterclass/admin/waitlist/{eventId}              → {event, counts, queue, left, offers}; counts: the
//        waitlist's entries by whether their address is confirmed (only confirmed ones are offered seats)
//   POST /api/masterclass/admin/waitlist/{eventId}/offer {attendeeId} → 201 {offer}: offers a free seat to that
//        waiting person now (refused while no seat is free)
//   POST /api/masterclass/admin/waitlist/{eventId}/skip  {attendeeId} → 200 {offer}: withdraws their open offer
//        (the seat goes to the next person) or, for someone still waiting, takes them out of the queue
// Each write runs in one transaction with its checks, like every offer pass.

const MAX_BODY_BYTES = 4096;
const OFFERS_SHOWN = 200;

const MESSAGES = {
  signIn: "Please sign in as an administrator.",
  forbidden: "Only administrators can manage the waitlist.",
  attendeeRequired: "Say who: attendeeId must be the id of a person on this waitlist.",
  noSeat: "No seat is free: every seat is taken, held in a checkout or held for an open offer.",
  notWaiting: "This person is not waiting for a seat: they already had an offer for this masterclass, hold a seat, unsubscribed, have not confirmed their email address, or are not on its waitlist.",
  nothingToSkip: "This person is neither waiting nor holding an open offer for this masterclass.",
  paused: {
    draft: "This masterclass is a draft: publish it before offering seats.",
    started: "This masterclass has started or taken place, so no seats are offered any more.",
    closed: "Sales for this masterclass are closed, so no seats are offered. Set its sales state to Sold out first.",
    on_sale: "Sales are open, so a seat that frees up is for sale to everyone and is not offered to the waitlist. Seats are offered once the sales state is Sold out.",
  },
  scheduled: (when) => `Sales are scheduled to open on ${when}. Until then the waitlist is the list of people told when they open, and no seat is offered; seats are offered once the sales state is Sold out.`,
  cancelled: "This masterclass has been cancelled, so no seats are offered: its waitlist was closed and told.",
  holdLimit: {
    email: "This person's address already holds as many seats as one address may hold in open offers and unfinished checkouts.",
    client: "Too many seats are already held in open offers and unfinished checkouts from the connection this person joined from.",
  },
};


/** The event of the route, for an administrator; refusals otherwise. */
function adminEvent(e) {
  require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, MESSAGES);
  return require(`${__hooks}/lib/admin/event-choice.js`).pathEvent(e, "eventId");
}

/** `{attendeeId}` from the body; a 400 for anything else. */
function readAttendeeId(e) {
  const { readJsonObject, refusal } = require(`${__hooks}/lib/core/errors.js`);
  const body = readJsonObject(e, MAX_BODY_BYTES);
  for (const key of Object.keys(body)) {
    if (key !== "attendeeId") throw refusal(400, key, "unknown_field", require(`${__hooks}/lib/core/constants.js`).MESSAGES.unknownField(key));
  }
  if (!require(`${__hooks}/lib/core/ids.js`).isRecordId(body.attendeeId)) throw refusal(400, "attendeeId", "invalid", MESSAGES.attendeeRequired);
  return body.attendeeId;
}

/** The signed-in administrator's user id ("" for a superuser, who is no user). */
function administratorId(e) {
  return e.auth && e.auth.collection().name === "users" ? e.auth.id : "";
}

function offerAnswer(app, offer) {
  return {
    id: offer.id,
    status: offer.getString("status"),
    attendee_id: offer.getString("attendee"),
    email: offer.getString("email"),
    full_name: offer.getString("full_name"),
    offered_at: offer.getString("offered_at"),
    expires_at: offer.getString("expires_at"),
    ended_at: offer.getString("ended_at"),
    trigger: offer.getString("trigger"),
    by_administrator: offer.getString("triggered_by") !== "",
    note: offer.getString("note"),
    registration: offer.getString("registration"),
    in_checkout: offer.getString("status") === "open" && require(`${__hooks}/lib/waitlist/offers.js`).checkoutHolds(app, offer),
  };
}

const person = (entry) => ({ attendee_id: entry.attendeeId, full_name: entry.fullName, email: entry.email, waiting_since: entry.created });

/** GET /api/masterclass/admin/waitlist/{eventId} @param {core.RequestEvent} e */
function handleQueue(e) {
  return require(`${__hooks}/lib/core/errors.js`).answerRefusals(e, () => {
    const event = adminEvent(e);
    const offers = require(`${__hooks}/lib/waitlist/offers.js`);
    const { waiting, left } = offers.queueOf(e.app, event.id);
    const taken = require(`${__hooks}/lib/events/capacity.js`).seatsTaken(e.app, event.id);
    const rows = e.app.findRecordsByFilter("waitlist_offers", "event = {:event}", "-created,-id", OFFERS_SHOWN, 0, { event: event.id });
    const paused = offers.offersPaused(event);
    const counts = new DynamicModel({ confirmed: 0, unconfirmed: 0 });
    e.app.db()
      .newQuery(`SELECT COALESCE(SUM(waitlist_confirmed_at != ''), 0) AS confirmed, COALESCE(SUM(waitlist_confirmed_at = ''), 0) AS unconfirmed
        FROM attendees WHERE event = {:event} AND registration_status = 'waitlisted'`)
      .bind({ event: event.id })
      .one(counts);
    return e.json(200, {
      event: {
        id: event.id,
        capacity: event.getInt("capacity"),
        seats_taken: taken,
        seats_free: Math.max(0, event.getInt("capacity") - taken),
        claim_hours: offers.claimHoursOf(event),
        waitlist_claim_hours: event.getInt("waitlist_claim_hours"),
        default_claim_hours: require(`${__hooks}/lib/waitlist/queue.js`).claimHours(0, $os.getenv("WAITLIST_CLAIM_HOURS")),
        offers_paused: pausedMessage(event, paused),
      },
      counts: { confirmed: counts.confirmed, unconfirmed: counts.unconfirmed },
      // hold_limit: the pass passes this person over for now (their address or connection holds too many seats)
      queue: waiting.map((entry) => ({ position: entry.position, ...person(entry), hold_limit: offers.holdLimitReached(e.app, entry) })),
      left: left.map((entry) => ({ reason: entry.reason, ...person(entry) })),
      offers: rows.map((offer) => offerAnswer(e.app, offer)),
    });
  });
}

/**
 * Why seats are not offered now, in the administrator's words ("" while they are): a
 * cancelled masterclass and sales scheduled to open say so rather than "closed" or "open".
 * @param {core.Record} event
 * @param {string} paused lib/waitlist/offers.js offersPaused
 */
function pausedMessage(event, paused) {
  if (!paused) return "";
  const phase = require(`${__hooks}/lib/events/phase.js`).recordPhase(event);
  if (phase === "cancelled") return MESSAGES.cancelled;
  if (paused === "on_sale" && phase === "scheduled") {
    return MESSAGES.scheduled(require(`${__hooks}/lib/events/format.js`).formatDayAndTime(event.getString("sales_open_at"), event.getString("timezone")));
  }
  return MESSAGES.paused[paused];
}

/** POST /api/masterclass/admin/waitlist/{eventId}/offer {attendeeId} @param {core.RequestEvent} e */
function handleOffer(e) {
  const { answerRefusals, refusal } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    const event = adminEvent(e);
    const attendeeId = readAttendeeId(e);
    const offers = require(`${__hooks}/lib/waitlist/offers.js`);
    let made = null;
    let refused = null;
    e.app.runInTransaction((txApp) => {
      const fresh = txApp.findRecordById("events", event.id);
      const paused = offers.offersPaused(fresh);
      if (paused) {
        refused = refusal(409, "event", `offers_${paused}`, pausedMessage(fresh, paused));
        return;
      }
      if (fresh.getInt("capacity") - require(`${__hooks}/lib/events/capacity.js`).seatsTaken(txApp, fresh.id) <= 0) {
        refused = refusal(409, "seats", "no_seat", MESSAGES.noSeat);
        return;
      }
      const entry = offers.queueOf(txApp, fresh.id).waiting.find((candidate) => candidate.attendeeId === attendeeId);
      if (!entry) {
        refused = refusal(409, "attendeeId", "not_waiting", MESSAGES.notWaiting);
        return;
      }
      const limit = offers.holdLimitReached(txApp, entry);
      if (limit) {
        refused = refusal(409, "attendeeId", `held_seats_${limit}`, MESSAGES.holdLimit[limit]);
        return;
      }
      made = offers.createOffer(txApp, fresh, entry, "administrator", administratorId(e));
    });
    // Thrown outside the transaction: a request error does not cross it intact.
    if (refused) throw refused;
    // The person may have been deleted the moment the offer was made (their offer and its email go with
    // them): they are no longer waiting, which is what the administrator is told.
    let offer = null;
    try {
      offer = e.app.findRecordById("waitlist_offers", made.offerId);
    } catch {
      throw refusal(409, "attendeeId", "not_waiting", MESSAGES.notWaiting);
    }
    require(`${__hooks}/lib/email/delivery.js`).deliverEmail(e.app, made.emailId);
    return e.json(201, { offer: offerAnswer(e.app, offer) });
  });
}

/** POST /api/masterclass/admin/waitlist/{eventId}/skip {attendeeId} @param {core.RequestEvent} e */
function handleSkip(e) {
  const { answerRefusals, refusal } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    const event = adminEvent(e);
    const attendeeId = readAttendeeId(e);
    const offers = require(`${__hooks}/lib/waitlist/offers.js`);
    const adminId = administratorId(e);
    let offerId = "";
    let freedSeat = false;
    let refused = null;
    e.app.runInTransaction((txApp) => {
      const open = txApp.findRecordsByFilter("waitlist_offers", "event = {:event} && attendee = {:attendee} && status = 'open'", "", 1, 0, {
        event: event.id, attendee: attendeeId,
      });
      if (open.length > 0) {
        offers.endOffer(txApp, open[0], "skipped", "Withdrawn by an administrator.", adminId);
        offerId = open[0].id;
        freedSeat = true;
        return;
      }
      const entry = offers.queueOf(txApp, event.id).waiting.find((candidate) => candidate.attendeeId === attendeeId);
      if (!entry) {
        refused = refusal(409, "attendeeId", "not_waiting", MESSAGES.nothingToSkip);
        return;
      }
      const record = new Record(txApp.findCachedCollectionByNameOrId("waitlist_offers"));
      record.load({
        event: event.id, attendee: entry.attendeeId, email: entry.email, full_name: entry.fullName.slice(0, 100), status: "skipped",
        ended_at: require(`${__hooks}/lib/core/db-date.js`).dbNow(), trigger: "administrator", triggered_by: adminId, note: "Skipped by an administrator before any offer.",
      });
      txApp.save(record);
      offerId = record.id;
    });
    if (refused) throw refused;
    if (freedSeat) offers.offerFreeSeatsSafely(e.app, event.id, "offer_skipped");
    return e.json(200, { offer: offerAnswer(e.app, e.app.findRecordById("waitlist_offers", offerId)) });
  });
}

module.exports = { MESSAGES, handleQueue, handleOffer, handleSkip };
