/// <reference path="../../../pb_data/types.d.ts" />
// The administrators' ticket routes (the codes themselves: lib/tickets/codes.js;
// the registration route makes a promo attendee's code before its transaction,
// so the confirmation email rendered there carries it):
// - GET /api/masterclass/admin/tickets/verify?code=<payload>[&event=<id>]
//   (administrators): whether the scanned text admits someone to the
//   masterclass at the door (the featured one unless `event` names another):
//   200 with the attendee, or a refusal that says why (malformed, another QR
//   code, unknown, replaced, another masterclass, cancelled, not confirmed);
// - POST /api/masterclass/admin/attendees/{id}/ticket (administrators): a new
//   code for a confirmed attendee; the old one is kept in `voided_tickets` so
//   the door can say it was replaced, and verifies no more; the attendee is
//   sent their new ticket by email (lib/tickets/emails.js), queued in the same
//   transaction and delivered after commit.

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


/** The door's masterclass as the verify answer names it. */
function doorEvent(event) {
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
  const { findOne, isConfirmed } = require(`${__hooks}/lib/tickets/codes.js`);
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
    require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, { signIn: MESSAGES.verifySignIn, forbidden: MESSAGES.verifyForbidden });
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
      event: doorEvent(event),
    });
  });
}

/** A new code for a confirmed attendee, the old one voided: `{answer}` or `{refusal}`. */
function regenerateInTransaction(txApp, attendeeId) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const { findOne, isConfirmed } = require(`${__hooks}/lib/tickets/codes.js`);
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
    require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, { signIn: MESSAGES.regenerateSignIn, forbidden: MESSAGES.regenerateForbidden });
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

module.exports = { MESSAGES, verifyTicket, handleVerify, handleRegenerate };
