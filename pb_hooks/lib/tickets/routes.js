/// <reference path="../../../pb_data/types.d.ts" />
// Tickets of confirmed attendees (`attendees.ticket_code`, format in
// lib/tickets/ticket.js):
// - assigned by the record hooks in tickets.pb.js whenever a row is created
//   confirmed or becomes confirmed (registration, fulfilment, a superuser's
//   edit), unless it already has one; the registration route makes a promo
//   attendee's code before its transaction, so the confirmation email rendered
//   there carries it;
// - GET /api/masterclass/admin/tickets/verify?code=<payload>[&event=<id>]
//   (administrators): whether the scanned text admits someone to the
//   masterclass at the door (the featured one unless `event` names another):
//   200 with the attendee, or a refusal that says why (malformed, another QR
//   code, unknown, replaced, another masterclass, cancelled, not confirmed);
// - POST /api/masterclass/admin/attendees/{id}/ticket (administrators): a new
//   code for a confirmed attendee; the old one is kept in `voided_tickets` so
//   the door can say it was replaced, and verifies no more; the attendee is
//   sent their new ticket by email (lib/tickets/emails.js), queued in the same
//   transaction and delivered after commit;
// - what the confirmation email and the calendar file say of the ticket.

const CONFIRMED = ["confirmed", "confirmed_observer"];

const MESSAGES = {
  verifySignIn: "Please sign in as an administrator to check tickets.",
  verifyForbidden: "Only administrators can check tickets.",
  regenerateSignIn: "Please sign in as an administrator to replace a ticket.",
  regenerateForbidden: "Only administrators can replace a ticket.",
  empty: "No ticket was given: scan the QR code of the attendee's ticket.",
  notATicket: "This QR code is not an AI Champions Masterclass ticket.",
  malformed: "This looks like a masterclass ticket, but its code is damaged or incomplete. Scan it again, or look the attendee up by name.",
  unknown: "No ticket has this code: it is not one we issued. Look the attendee up by name.",
  replaced: (when) => `This ticket was replaced by a new one on ${when} and no longer admits anyone. Ask the attendee for their current ticket (in the attendee portal, under Your Ticket).`,
  otherEvent: (title, date) => `This ticket is for another masterclass: ${title} on ${date}.`,
  cancelled: "This attendee's registration was cancelled, so the ticket does not admit them.",
  notConfirmed: "This attendee's registration is not confirmed, so the ticket does not admit them.",
  attendeeNotFound: "Attendee not found.",
  regenerateNotConfirmed: "Only confirmed attendees have a ticket: this attendee's registration is not confirmed.",
};


function isConfirmed(status) {
  return CONFIRMED.includes(status);
}

/** For the record hooks: gives a confirmed row without a code its code. @param {core.Record} record */
function assignTicketCode(record) {
  if (!isConfirmed(record.getString("registration_status")) || record.getString("ticket_code") !== "") return;
  record.set("ticket_code", require(`${__hooks}/lib/tickets/ticket.js`).newTicketCode());
}

function findOne(app, collection, field, value) {
  try {
    return app.findFirstRecordByData(collection, field, value);
  } catch {
    return null;
  }
}

/** 401 for a guest, 403 for anyone else who is not an administrator. */
function requireAdministrator(e, signIn, forbidden) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  if (!e.auth) throw refusal(401, "auth", "unauthorized", signIn);
  if (!require(`${__hooks}/lib/core/admin-auth.js`).isAdministrator(e)) throw refusal(403, "auth", "forbidden", forbidden);
}

function eventAnswer(event) {
  const format = require(`${__hooks}/lib/events/format.js`);
  const timezone = event.getString("timezone");
  return {
    id: event.id,
    title: event.getString("title"),
    when: format.formatWhen(format.parseUtc(event.getString("starts_at")), format.parseUtc(event.getString("ends_at")), timezone),
  };
}

const PARSE_REFUSALS = {
  empty: [400, "ticket_empty", MESSAGES.empty],
  too_long: [400, "ticket_not_a_ticket", MESSAGES.notATicket],
  not_a_ticket: [400, "ticket_not_a_ticket", MESSAGES.notATicket],
  malformed: [400, "ticket_malformed", MESSAGES.malformed],
};

/**
 * Whether a scanned text admits its holder to `door` (an events record):
 * `{attendee, event}` or throws the refusal.
 * @param {core.App} app
 */
function verifyTicket(app, door, text) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const format = require(`${__hooks}/lib/events/format.js`);
  const parsed = require(`${__hooks}/lib/tickets/ticket.js`).parseTicketPayload(text);
  if (!parsed.ok) {
    const [status, code, message] = PARSE_REFUSALS[parsed.reason];
    throw refusal(status, "code", code, message);
  }
  const attendee = findOne(app, "attendees", "ticket_code", parsed.code);
  if (!attendee) {
    const voided = findOne(app, "voided_tickets", "code", parsed.code);
    if (voided && voided.getString("event") === parsed.eventId) {
      const when = format.formatDate(format.parseUtc(voided.getString("voided_at")), door.getString("timezone"));
      throw refusal(410, "code", "ticket_replaced", MESSAGES.replaced(when));
    }
    throw refusal(404, "code", "ticket_unknown", MESSAGES.unknown);
  }
  // A real code under another event's id was put together by hand.
  if (attendee.getString("event") !== parsed.eventId) throw refusal(404, "code", "ticket_unknown", MESSAGES.unknown);
  if (parsed.eventId !== door.id) {
    const ticketEvent = app.findRecordById("events", parsed.eventId);
    const date = format.formatDate(format.parseUtc(ticketEvent.getString("starts_at")), ticketEvent.getString("timezone"));
    throw refusal(409, "code", "ticket_other_event", MESSAGES.otherEvent(ticketEvent.getString("title"), date));
  }
  const status = attendee.getString("registration_status");
  if (status === "cancelled") throw refusal(409, "code", "ticket_cancelled", MESSAGES.cancelled);
  if (!isConfirmed(status)) throw refusal(409, "code", "ticket_not_confirmed", MESSAGES.notConfirmed);
  return { attendee, event: door };
}

/** GET /api/masterclass/admin/tickets/verify @param {core.RequestEvent} e */
function handleVerify(e) {
  return require(`${__hooks}/lib/core/errors.js`).answerRefusals(e, () => {
    requireAdministrator(e, MESSAGES.verifySignIn, MESSAGES.verifyForbidden);
    const door = require(`${__hooks}/lib/events/summary.js`).queryEvent(e);
    const { attendee, event } = verifyTicket(e.app, door, e.request.url.query().get("code"));
    return e.json(200, {
      valid: true,
      attendee: {
        id: attendee.id,
        full_name: attendee.getString("full_name"),
        email: attendee.getString("email"),
        company: attendee.getString("company"),
        registration_status: attendee.getString("registration_status"),
        event: attendee.getString("event"),
      },
      event: eventAnswer(event),
    });
  });
}

/** A new code for a confirmed attendee, the old one voided: `{answer}` or `{refusal}`. */
function regenerateInTransaction(txApp, attendeeId) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const attendee = attendeeId ? findOne(txApp, "attendees", "id", attendeeId) : null;
  if (!attendee) return { refusal: refusal(404, "attendee", "not_found", MESSAGES.attendeeNotFound) };
  if (!isConfirmed(attendee.getString("registration_status"))) {
    return { refusal: refusal(409, "attendee", "not_confirmed", MESSAGES.regenerateNotConfirmed) };
  }
  const old = attendee.getString("ticket_code");
  if (old !== "") {
    const voided = new Record(txApp.findCachedCollectionByNameOrId("voided_tickets"));
    voided.load({ code: old, attendee: attendee.id, event: attendee.getString("event"), voided_at: require(`${__hooks}/lib/core/db-date.js`).dbNow() });
    txApp.save(voided);
  }
  const ticket = require(`${__hooks}/lib/tickets/ticket.js`);
  const code = ticket.newTicketCode();
  attendee.set("ticket_code", code);
  txApp.save(attendee);
  const email = require(`${__hooks}/lib/tickets/emails.js`).queueNewTicketEmail(txApp, attendee);
  return {
    emailId: email ? email.id : "",
    answer: {
      attendeeId: attendee.id,
      ticket_code: code,
      payload: ticket.ticketPayload(attendee.getString("event"), code),
      replaced: old !== "",
      email: email ? { to: email.getString("to"), status: email.getString("status") } : null,
    },
  };
}

/** POST /api/masterclass/admin/attendees/{id}/ticket @param {core.RequestEvent} e */
function handleRegenerate(e) {
  return require(`${__hooks}/lib/core/errors.js`).answerRefusals(e, () => {
    requireAdministrator(e, MESSAGES.regenerateSignIn, MESSAGES.regenerateForbidden);
    let result = null;
    e.app.runInTransaction((txApp) => {
      result = regenerateInTransaction(txApp, e.request.pathValue("id"));
    });
    if (result.refusal) throw result.refusal;
    // sent now unless captured (no SMTP) already; a failure leaves it queued for the retry cron
    if (result.answer.email && result.answer.email.status === "queued") {
      const outcome = require(`${__hooks}/lib/email/delivery.js`).deliverEmail(e.app, result.emailId);
      result.answer.email.status = outcome === "sent" ? "sent" : "queued";
    }
    return e.json(200, result.answer);
  });
}

/**
 * The ticket a confirmation email or a calendar file carries: the attendee's
 * current code if the attendee is confirmed for `eventId`, else null.
 * @param {core.Record | null} attendee
 */
function ticketOf(attendee, eventId) {
  if (!attendee || attendee.getString("event") !== eventId) return null;
  const code = attendee.getString("ticket_code");
  if (code === "" || !isConfirmed(attendee.getString("registration_status"))) return null;
  return { code, eventId, payload: require(`${__hooks}/lib/tickets/ticket.js`).ticketPayload(eventId, code), fullName: attendee.getString("full_name") };
}

/** The current ticket of an attendee (by id) at their own masterclass, or null. */
function currentTicket(app, attendeeId) {
  const attendee = attendeeId ? findOne(app, "attendees", "id", attendeeId) : null;
  return attendee ? ticketOf(attendee, attendee.getString("event")) : null;
}

/** The ticket of the attendee an email is for (by id), or null. */
function attendeeTicket(app, attendeeId, eventId) {
  return attendeeId ? ticketOf(findOne(app, "attendees", "id", attendeeId), eventId) : null;
}

/** The ticket with this code at this event (the calendar link's `ticket`), or null. */
function ticketByCode(app, code, eventId) {
  return require(`${__hooks}/lib/tickets/ticket.js`).isTicketCode(code) ? ticketOf(findOne(app, "attendees", "ticket_code", code), eventId) : null;
}

module.exports = {
  CONFIRMED,
  MESSAGES,
  assignTicketCode,
  verifyTicket,
  handleVerify,
  handleRegenerate,
  attendeeTicket,
  currentTicket,
  ticketByCode,
};
