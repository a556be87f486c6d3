/// <reference path="../../../pb_data/types.d.ts" />
// The public routes of waitlist offers, each opened by a signed link
// (lib/waitlist/offer-links.js); a missing, forged or malformed token gets a
// clear refusal and changes nothing.
//   GET      /api/masterclass/waitlist-offers/claim?offer=…&token=…  → the offer's state and, while it can be
//            claimed, the waitlisted details that fill /register
//   GET|POST /api/masterclass/waitlist-offers/decline?offer=…&token=… → a plain page: GET asks (mail scanners open
//            every link in an email), its button POSTs, which declines and offers the seat to the next person
//   GET      /api/masterclass/waitlist-status?attendee=…&token=…     → place in the queue and any offer

const MESSAGES = {
  claimInvalid: "This seat offer link is not valid. Please open the link in your email exactly as it was sent.",
  statusInvalid: "This waitlist status link is not valid. Please open the link in your waitlist email exactly as it was sent.",
  statusGone: "We could not find this waitlist entry. It may have been removed: please contact us if you think this is a mistake.",
};


function links() {
  return require(`${__hooks}/lib/waitlist/offer-links.js`);
}

function findRecord(app, collection, id) {
  try {
    return app.findRecordById(collection, id);
  } catch {
    return null;
  }
}

/**
 * Where an offer stands for its person: open (can be claimed now), claimed,
 * declined, expired, withdrawn (skipped, or its waitlist entry is gone) or
 * closed (the masterclass started or its sales closed); with the words the
 * page shows for anything but open.
 */
function offerState(app, offer, event) {
  const claims = require(`${__hooks}/lib/waitlist/offer-claims.js`).MESSAGES;
  const offers = require(`${__hooks}/lib/waitlist/offers.js`);
  const timezone = event.getString("timezone");
  const status = offer.getString("status");
  if (status === "claimed") return { state: "claimed", message: claims.claimed };
  if (status === "declined") return { state: "declined", message: claims.declined };
  if (status === "skipped") return { state: "withdrawn", message: claims.withdrawn };
  if (status === "expired" || offer.getString("expires_at") <= require(`${__hooks}/lib/core/db-date.js`).dbNow()) {
    return { state: "expired", message: claims.expired(require(`${__hooks}/lib/events/format.js`).formatInstant(offer.getString("expires_at"), timezone)) };
  }
  // Sales reopened (Open) leave an offer already made claimable until it ends.
  const paused = offers.offersEnded(event);
  if (paused) {
    const { MESSAGES: COMMON } = require(`${__hooks}/lib/core/constants.js`);
    return { state: "closed", message: paused === "closed" ? COMMON.closed : COMMON.eventStarted };
  }
  const attendee = findRecord(app, "attendees", offer.getString("attendee"));
  if (!attendee || attendee.getString("registration_status") !== "waitlisted") return { state: "withdrawn", message: claims.entryGone };
  return { state: "open", message: "", attendee };
}

/** GET /api/masterclass/waitlist-offers/claim?offer=…&token=… @param {core.RequestEvent} e */
function handleClaimDetails(e) {
  const { answerRefusals, refusal } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    const query = e.request.url.query();
    const offerId = query.get("offer");
    const offer = links().verifyClaim(e.app, offerId, query.get("token")) ? findRecord(e.app, "waitlist_offers", offerId) : null;
    if (!offer) throw refusal(403, "offer", "invalid", MESSAGES.claimInvalid);
    const event = e.app.findRecordById("events", offer.getString("event"));
    const { state, message, attendee } = offerState(e.app, offer, event);
    e.response.header().set("Cache-Control", "no-store");
    return e.json(200, {
      offer: {
        id: offer.id,
        event: event.id,
        state,
        message,
        expires_at: offer.getString("expires_at"),
        expires_text: require(`${__hooks}/lib/events/format.js`).formatInstant(offer.getString("expires_at"), event.getString("timezone")),
      },
      attendee: attendee
        ? {
            fullName: attendee.getString("full_name"),
            email: attendee.getString("email"),
            company: attendee.getString("company"),
            jobTitle: attendee.getString("job_title"),
            phoneNumber: attendee.getString("phone_number"),
            role: attendee.getString("role"),
          }
        : null,
    });
  });
}

// ---- decline ---------------------------------------------------------------------------

function page(e, status, heading, text, form = "") {
  return require(`${__hooks}/lib/core/link-page.js`).linkPage(e, status, heading, text, form);
}

const NOT_CLAIMABLE_HEADINGS = {
  claimed: "You have claimed this seat",
  declined: "You have declined this seat",
  expired: "This seat offer has expired",
  withdrawn: "This seat offer was withdrawn",
  closed: "This seat offer has ended",
};

/**
 * GET or POST /api/masterclass/waitlist-offers/decline?offer=…&token=… @param {core.RequestEvent} e
 * Only a POST declines: the button on the page the link opens.
 */
function handleDecline(e) {
  const query = e.request.url.query();
  const offerId = query.get("offer");
  const token = query.get("token");
  const offer = links().verifyDecline(e.app, offerId, token) ? findRecord(e.app, "waitlist_offers", offerId) : null;
  if (!offer) {
    return page(e, 400, "This link is not valid", "Nothing was changed. Please use the link from your email exactly as it was sent, or reply to that email and we will help.");
  }
  const event = e.app.findRecordById("events", offer.getString("event"));
  const facts = require(`${__hooks}/lib/events/facts.js`).eventFacts(e.app, event);
  const current = offerState(e.app, offer, event);
  if (current.state !== "open") {
    return page(e, e.request.method === "GET" ? 200 : 409, NOT_CLAIMABLE_HEADINGS[current.state], current.message);
  }
  if (e.request.method === "GET") {
    const { escapeHtml } = require(`${__hooks}/lib/email/layout.js`);
    const action = links().declinePath(offerId, token);
    return page(e, 200, "Decline your seat?", `Your seat at the ${facts.title} on ${facts.when} will go to the next person on the waitlist. You stay on the waitlist, but we will not offer you another seat for this masterclass.`,
      `<form method="post" action="${escapeHtml(action)}"><button type="submit" style="font-size:1rem;padding:.6rem 1.2rem;background:#1c2a5e;color:#fff;border:0;border-radius:.4rem;cursor:pointer">Decline the seat</button></form>`);
  }
  let declined = false;
  e.app.runInTransaction((txApp) => {
    const fresh = txApp.findRecordById("waitlist_offers", offerId);
    if (offerState(txApp, fresh, event).state !== "open") return;
    require(`${__hooks}/lib/waitlist/offers.js`).endOffer(txApp, fresh, "declined", "Declined through the email link.");
    declined = true;
  });
  if (!declined) {
    const after = offerState(e.app, e.app.findRecordById("waitlist_offers", offerId), event);
    return page(e, 409, NOT_CLAIMABLE_HEADINGS[after.state] || "This seat offer has ended", after.message);
  }
  require(`${__hooks}/lib/waitlist/offers.js`).offerFreeSeatsSafely(e.app, event.id, "offer_declined");
  return page(e, 200, "Seat declined", `Thank you for letting us know. Your seat at the ${facts.title} now goes to the next person on the waitlist.`);
}

// ---- status ----------------------------------------------------------------------------

/**
 * Where a waitlisted person stands: their place among the people waiting
 * (1 = next), or their offer and its state. `unconfirmed`: their address is
 * not confirmed, so no seat is offered to them yet (their place by sign-up
 * time is kept); `on_sale`: sales are open, so seats are sold, not offered.
 */
function personStatus(app, attendee, event) {
  const offers = require(`${__hooks}/lib/waitlist/offers.js`);
  const email = attendee.getString("email").toLowerCase();
  const status = attendee.getString("registration_status");
  const found = app.findRecordsByFilter("waitlist_offers", "event = {:event} && email = {:email}", "", 1, 0, { event: event.id, email });
  const offer = found.length > 0 ? found[0] : null;
  const { waiting, left } = offers.queueOf(app, event.id);
  const base = { position: null, waitingCount: waiting.length, offer: null };
  if (status === "confirmed" || status === "confirmed_observer") return { ...base, state: "confirmed" };
  if (offer) {
    const { state } = offerState(app, offer, event);
    return {
      ...base,
      state: state === "open" ? "offered" : state === "claimed" ? "confirmed" : state,
      offer: {
        offered_at: offer.getString("offered_at"),
        expires_at: offer.getString("expires_at"),
        expires_text: require(`${__hooks}/lib/events/format.js`).formatInstant(offer.getString("expires_at"), event.getString("timezone")),
      },
    };
  }
  if (status !== "waitlisted") return { ...base, state: "not_waiting" };
  const paused = offers.offersPaused(event);
  if (paused === "started" || paused === "draft") return { ...base, state: "closed" };
  const place = waiting.find((person) => person.email === email);
  if (place) return { ...base, state: paused === "on_sale" ? "on_sale" : paused ? "paused" : "waiting", position: place.position };
  const reason = (left.find((person) => person.email === email) || {}).reason;
  if (reason === "unconfirmed") {
    // The place they take once confirmed: after the confirmed people who joined before them.
    const created = attendee.getString("created");
    const before = waiting.filter((person) => person.created < created || (person.created === created && person.attendeeId < attendee.id));
    return { ...base, state: "unconfirmed", position: before.length + 1 };
  }
  return { ...base, state: reason === "seated" ? "confirmed" : reason === "unsubscribed" ? "unsubscribed" : "not_waiting" };
}

/** GET /api/masterclass/waitlist-status?attendee=…&token=… @param {core.RequestEvent} e */
function handleStatus(e) {
  const { answerRefusals, refusal } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    const query = e.request.url.query();
    const attendeeId = query.get("attendee");
    if (!links().verifyStatus(e.app, attendeeId, query.get("token"))) throw refusal(403, "token", "invalid", MESSAGES.statusInvalid);
    const attendee = findRecord(e.app, "attendees", attendeeId);
    if (!attendee) throw refusal(404, "attendee", "not_found", MESSAGES.statusGone);
    const event = e.app.findRecordById("events", attendee.getString("event"));
    e.response.header().set("Cache-Control", "no-store");
    return e.json(200, {
      event: require(`${__hooks}/lib/events/answer.js`).eventAnswer(event),
      person: {
        fullName: attendee.getString("full_name"),
        waitingSince: attendee.getString("created"),
        emailConfirmed: attendee.getString("waitlist_confirmed_at") !== "",
        emailConfirmedAt: attendee.getString("waitlist_confirmed_at"),
      },
      claimHours: require(`${__hooks}/lib/waitlist/offers.js`).claimHoursOf(event),
      ...personStatus(e.app, attendee, event),
    });
  });
}

module.exports = { MESSAGES, handleClaimDetails, handleDecline, handleStatus };
