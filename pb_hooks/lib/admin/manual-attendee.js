/// <reference path="../../../pb_data/types.d.ts" />
// Manage Attendees' everyday actions on one person (administrators only; a
// guest gets 401, anyone else 403, before anything is read):
//   POST /api/masterclass/admin/attendees {event, fullName, email, company?, jobTitle?, phoneNumber?, role?,
//        dietaryRequirements?, basis, amountCents?, reason, whenFull?}
//        → 201 {attendee, registrationId, placed, emailWarning}: adds a person by hand, complimentary or paid
//        elsewhere (the amount, in cents of the event's currency), with the reason; recorded as a registration of
//        kind 'manual' naming the administrator (added_by) and the reason (added_reason)
//   POST /api/masterclass/admin/attendees/{id}/resend-ticket
//        → 200 {attendeeId, email: {to, status}}: the attendee's confirmation, with their current ticket, again
// (Resending the account invitation is POST /api/masterclass/attendees/{id}/invitation,
// lib/accounts/admin-invitation.js; offering a waitlisted person a seat is the waitlist's own route,
// lib/waitlist/offer-admin.js.)
//
// Adding by hand takes a seat like every registration: the seat count
// (lib/events/capacity.js seatsTaken: confirmed attendees, live checkouts and
// open offers) and the insert are one transaction, which SQLite runs one at a
// time, so two administrators adding the last seat at once: exactly one gets
// it. When no seat is free the request is refused, unless it says what to do
// then (`whenFull`): add them as an observer (no seat) or to the waitlist.
// Sales states do not limit it (an organiser may seat a guest while sales are
// closed or sold out); a draft or a masterclass that has taken place takes
// nobody, and once it has started its waitlist takes nobody.
// The person gets what a registration gives: a seat or observer place with
// a ticket, the confirmation and the account invitation (or, on the
// waitlist, the waitlist email, the address counted as confirmed since the
// administrator vouches for it), queued in the same transaction and sent
// after commit. An email address already registered for the masterclass
// (and not cancelled) is refused, so a double submit adds nobody twice.
//
// Resending the ticket re-renders the confirmation with the current ticket
// (a regenerated code included) and queues it: a copy still waiting in the
// outbox is replaced rather than joined by another (lib/email/outbox.js
// queueAttendeeEmail, as a resent invitation is). Status and queueing are
// one transaction, so a cancellation either comes first (refused) or after;
// a confirmation whose attendee was cancelled before it went out is not sent
// (lib/tickets/emails.js isObsolete).
// The body's fields are checked by lib/admin/manual-attendee-validation.js.

const MAX_BODY_BYTES = 16 * 1024;
const HOLDS_TICKET = ["confirmed", "confirmed_observer"];
const STATUS_WORDS = { confirmed: "confirmed", confirmed_observer: "an observer", waitlisted: "on the waitlist", cancelled: "cancelled", "": "not confirmed" };

const MESSAGES = {
  signIn: "Please sign in as an administrator.",
  forbidden: "Only administrators can add attendees or resend their emails.",
  alreadyRegistered: (email, status) => `${email} is already registered for this masterclass (${STATUS_WORDS[status] || status}). Find them in the list instead.`,
  full: "No seat is free: every seat is taken, held in a checkout or held for an open waitlist offer. Add them as an observer (no seat) or to the waitlist instead.",
  draft: "This masterclass is a draft: publish it before adding attendees.",
  past: "This masterclass has taken place, so nobody can be added to it.",
  cancelled: "This masterclass has been cancelled, so nobody can be added to it.",
  waitlistStarted: "This masterclass has started, so its waitlist takes nobody. Add them as an observer instead.",
  notFound: "Attendee not found.",
  noTicket: (status) => `Only confirmed attendees and observers have a ticket: this attendee is ${STATUS_WORDS[status] || status}.`,
  noAddress: "This attendee's details were deleted, so there is no address to send the ticket to.",
};

const admin = () => require(`${__hooks}/lib/core/admin-auth.js`);
const errors = () => require(`${__hooks}/lib/core/errors.js`);

/** The signed-in administrator's user id ("" for a superuser, who is no user). */
function administratorId(e) {
  return e.auth && e.auth.collection().name === "users" ? e.auth.id : "";
}

/** The event's attendee with this address who is not cancelled (any case), or null. */
function activeRegistration(txApp, eventId, email) {
  const rows = txApp.findRecordsByFilter(
    "attendees",
    "event = {:event} && email = {:email} && registration_status != 'cancelled'",
    "created",
    1,
    0,
    { event: eventId, email },
  );
  return rows.length > 0 ? rows[0] : null;
}

/** Where the person goes: 'confirmed', 'confirmed_observer' or 'waitlisted', or `{refusal}`. */
function placement(txApp, event, whenFull) {
  const { refusal } = errors();
  const phase = require(`${__hooks}/lib/events/phase.js`).recordPhase(event);
  if (!event.getBool("published")) return { refusal: refusal(409, "event", "event_draft", MESSAGES.draft) };
  if (phase === "cancelled") return { refusal: refusal(409, "event", "event_cancelled", MESSAGES.cancelled) };
  if (phase === "past") return { refusal: refusal(409, "event", "event_over", MESSAGES.past) };
  const left = event.getInt("capacity") - require(`${__hooks}/lib/events/capacity.js`).seatsTaken(txApp, event.id);
  if (left > 0) return { status: "confirmed" };
  if (whenFull === "observer") return { status: "confirmed_observer" };
  if (whenFull === "waitlist") {
    if (phase === "happening") return { refusal: refusal(409, "whenFull", "event_started", MESSAGES.waitlistStarted) };
    return { status: "waitlisted" };
  }
  return { refusal: refusal(409, "seats", "no_seat", MESSAGES.full) };
}

/** The emails of the new person, rendered with the transaction's app. */
function renderEmails(txApp, event, person, status, amountCents) {
  const emails = require(`${__hooks}/lib/email/registration-emails.js`);
  const facts = require(`${__hooks}/lib/events/facts.js`).eventFacts(txApp, event);
  if (status === "waitlisted") {
    const links = require(`${__hooks}/lib/waitlist/offer-links.js`);
    return emails.renderWaitlistEmail(facts, person, links.statusUrl(txApp, person.id), links.confirmUrl(txApp, person.id));
  }
  return emails.renderRegistrationEmails(txApp, {
    facts, kind: "manual", totalAmountCents: amountCents, currency: event.getString("currency"), attendees: [person],
  });
}

/** Everything that must happen atomically: `{refusal}` before any write, or what was made. */
function addInTransaction(txApp, eventId, values, adminId) {
  const { refusal } = errors();
  const { newRecordId } = require(`${__hooks}/lib/core/ids.js`);
  const { dbNow } = require(`${__hooks}/lib/core/db-date.js`);
  const event = txApp.findRecordById("events", eventId);
  const existing = activeRegistration(txApp, event.id, values.email);
  if (existing) {
    return { refusal: refusal(409, "email", "already_registered", MESSAGES.alreadyRegistered(values.email, existing.getString("registration_status"))) };
  }
  const placed = placement(txApp, event, values.whenFull);
  if (placed.refusal) return placed;

  const registration = new Record(txApp.findCachedCollectionByNameOrId("registrations"));
  registration.load({
    event: event.id,
    kind: "manual",
    status: "completed",
    primary_email: values.email,
    total_amount_cents: values.amountCents,
    currency: event.getString("currency") || "AUD",
    retry_count: 0,
    held_seats: 0,
    manual_basis: values.basis,
    added_by: adminId,
    added_reason: values.reason,
  });
  txApp.save(registration);

  const waitlisted = placed.status === "waitlisted";
  const person = {
    id: newRecordId(),
    fullName: values.fullName,
    email: values.email,
    ticketCode: waitlisted ? "" : require(`${__hooks}/lib/tickets/ticket.js`).newTicketCode(),
  };
  const attendee = new Record(txApp.findCachedCollectionByNameOrId("attendees"));
  attendee.set("id", person.id);
  attendee.load({
    registration: registration.id,
    event: event.id,
    full_name: values.fullName,
    email: values.email,
    company: values.company,
    job_title: values.jobTitle,
    phone_number: values.phoneNumber,
    role: values.role,
    dietary_requirements: waitlisted ? "" : values.dietaryRequirements,
    // The person accepts the privacy policy themselves when they create their account.
    privacy_consent: false,
    marketing_consent: false,
    registration_status: placed.status,
    // the seat's price: what was paid elsewhere (0 when complimentary); lib/cancellation/seat-money.js
    price_cents: values.amountCents,
    ticket_code: person.ticketCode,
    invitation_sent: false,
    waitlist_confirmed_at: waitlisted ? dbNow() : "",
  });
  txApp.save(attendee);
  require(`${__hooks}/lib/email/registration-emails.js`).saveRenderedEmails(
    txApp, registration.id, renderEmails(txApp, event, person, placed.status, values.amountCents),
  );
  return { registrationId: registration.id, attendeeId: attendee.id, status: placed.status };
}

const PLACED = { confirmed: "seat", confirmed_observer: "observer", waitlisted: "waitlist" };

/** POST /api/masterclass/admin/attendees @param {core.RequestEvent} e */
function handleAdd(e) {
  const { answerRefusals, readJsonObject, invalidFields } = errors();
  return answerRefusals(e, () => {
    admin().requireAdministrator(e, MESSAGES);
    const body = readJsonObject(e, MAX_BODY_BYTES);
    const checked = require(`${__hooks}/lib/admin/manual-attendee-validation.js`).validateAddition(body);
    if (checked.errors) throw invalidFields(checked.errors);
    const event = require(`${__hooks}/lib/admin/event-choice.js`).adminEvent(e.app, body.event);
    let made = null;
    e.app.runInTransaction((txApp) => {
      made = addInTransaction(txApp, event.id, checked.values, administratorId(e));
    });
    // Thrown outside the transaction: a request error does not cross it intact.
    if (made.refusal) throw made.refusal;
    const emailWarning = e.app.settings().smtp.enabled
      ? require(`${__hooks}/lib/email/warning.js`).deliverRegistrationEmails(e.app, made.registrationId)
      : false;
    const attendee = e.app.findRecordById("attendees", made.attendeeId);
    return e.json(201, {
      attendee: {
        id: attendee.id,
        full_name: attendee.getString("full_name"),
        email: attendee.getString("email"),
        registration_status: attendee.getString("registration_status"),
      },
      registrationId: made.registrationId,
      placed: PLACED[made.status],
      emailWarning,
    });
  });
}

/** The attendee's confirmation (with their current ticket), rendered as their registration's would be. */
function confirmationFor(txApp, attendee) {
  const emails = require(`${__hooks}/lib/email/registration-emails.js`);
  const { TEMPLATES } = require(`${__hooks}/lib/email/templates.js`);
  const registration = txApp.findRecordById("registrations", attendee.getString("registration"));
  const event = txApp.findRecordById("events", attendee.getString("event"));
  // Everyone of the registration who holds a ticket, as the confirmation names them.
  const holders = txApp
    .findRecordsByFilter("attendees", "registration = {:registration}", "created,id", 0, 0, { registration: registration.id })
    .filter((row) => HOLDS_TICKET.includes(row.getString("registration_status")))
    .map((row) => ({ id: row.id, fullName: row.getString("full_name"), email: row.getString("email"), ticketCode: row.getString("ticket_code") }));
  const rendered = emails.renderRegistrationEmails(txApp, {
    facts: require(`${__hooks}/lib/events/facts.js`).eventFacts(txApp, event),
    kind: registration.getString("kind"),
    totalAmountCents: registration.getInt("total_amount_cents"),
    currency: registration.getString("currency"),
    attendees: holders,
  });
  return rendered.find((email) => email.attendeeId === attendee.id && email.message.template === TEMPLATES.confirmation);
}

/** Queues the ticket again: `{emailId, to}` or `{refusal}`. */
function resendInTransaction(txApp, attendeeId) {
  const { refusal } = errors();
  const { findOne } = require(`${__hooks}/lib/tickets/codes.js`);
  const attendee = require(`${__hooks}/lib/core/ids.js`).isRecordId(attendeeId) ? findOne(txApp, "attendees", "id", attendeeId) : null;
  if (!attendee) return { refusal: refusal(404, "attendee", "not_found", MESSAGES.notFound) };
  const status = attendee.getString("registration_status");
  if (!HOLDS_TICKET.includes(status) || attendee.getString("ticket_code") === "") {
    return { refusal: refusal(409, "attendee", "no_ticket", MESSAGES.noTicket(status)) };
  }
  if (require(`${__hooks}/lib/accounts/anonymise.js`).isPlaceholder(attendee.getString("email"))) {
    return { refusal: refusal(409, "attendee", "no_address", MESSAGES.noAddress) };
  }
  const { message } = confirmationFor(txApp, attendee);
  const email = require(`${__hooks}/lib/email/outbox.js`).queueAttendeeEmail(txApp, attendee, message);
  return { emailId: email.id, to: attendee.getString("email") };
}

/** POST /api/masterclass/admin/attendees/{id}/resend-ticket @param {core.RequestEvent} e */
function handleResendTicket(e) {
  return errors().answerRefusals(e, () => {
    admin().requireAdministrator(e, MESSAGES);
    let queued = null;
    e.app.runInTransaction((txApp) => {
      queued = resendInTransaction(txApp, e.request.pathValue("id"));
    });
    if (queued.refusal) throw queued.refusal;
    let status = e.app.findRecordById("emails", queued.emailId).getString("status");
    // sent now unless captured (no SMTP) already; a failure leaves it queued for the retry cron
    if (status === "queued") {
      const outcome = require(`${__hooks}/lib/email/delivery.js`).deliverEmail(e.app, queued.emailId);
      status = outcome === "sent" || outcome === "cancelled" ? outcome : "queued";
    }
    return e.json(200, { attendeeId: e.request.pathValue("id"), email: { to: queued.to, status } });
  });
}

module.exports = { MESSAGES, handleAdd, handleResendTicket };
