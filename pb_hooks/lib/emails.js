/// <reference path="../../pb_data/types.d.ts" />
// Queues the registration emails in the `emails` outbox. Called inside the
// registration or fulfilment transaction (use only txApp); delivery happens
// after commit (lib/email-delivery.js deliverForRegistration) and by the
// retry cron. Queueing is idempotent: one email per registration, attendee
// and template, however often it is called. The invitation's working link is
// kept out of the outbox record, which administrators read: the record shows
// it without its token and the deliverable copy goes to email_secrets.

function lib(name) {
  return require(`${__hooks}/lib/${name}.js`);
}

function findEmail(txApp, registrationId, attendeeId, template) {
  const found = txApp.findRecordsByFilter(
    "emails",
    "registration = {:registration} && attendee = {:attendee} && template = {:template}",
    "",
    1,
    0,
    { registration: registrationId, attendee: attendeeId, template },
  );
  return found.length > 0 ? found[0] : null;
}

/** Adds one message to the outbox unless it is already there; returns whether it was added. */
function queueOnce(txApp, { registrationId, attendeeId, to, message }) {
  if (findEmail(txApp, registrationId, attendeeId || "", message.template)) return false;
  lib("email-delivery").saveOutboxEmail(txApp, {
    to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    template: message.template,
    registration: registrationId,
    attendee: attendeeId || "",
    secret: message.secret,
  });
  return true;
}

/**
 * An attendee's invitation: the outbox copy (link without its token) with the
 * working message as `secret`, for saveOutboxEmail.
 * @param {core.App} txApp
 * @param {core.Record} attendee
 * @param {object} facts lib/calendar.js eventFacts()
 */
function invitationMessage(txApp, attendee, facts) {
  const templates = lib("email-templates");
  const email = attendee.getString("email");
  const token = lib("invitations").invitationToken(txApp, attendee.id, email);
  const data = { fullName: attendee.getString("full_name"), email, link: lib("links").invitationUrl(txApp, attendee.id, email, token), event: facts };
  const working = templates.invitationEmail(data);
  return { ...templates.invitationOutboxCopy(data), secret: { subject: working.subject, html: working.html, text: working.text } };
}

function loadRegistration(txApp, registrationId) {
  const registration = txApp.findRecordById("registrations", registrationId);
  const event = txApp.findRecordById("events", registration.getString("event"));
  return { registration, facts: lib("calendar").eventFacts(txApp, event) };
}

function attendeesWithStatus(txApp, registrationId, status) {
  return txApp.findRecordsByFilter(
    "attendees",
    "registration = {:registration} && registration_status = {:status}",
    "created,id",
    0,
    0,
    { registration: registrationId, status },
  );
}

function amountText(registration) {
  const cents = registration.getInt("total_amount_cents");
  if (registration.getString("kind") === "promo" || cents === 0) return "FREE";
  return lib("event-format").formatAmount(cents, registration.getString("currency"));
}

/**
 * Confirmation and account invitation for every confirmed attendee.
 * @param {core.App} txApp
 * @param {string} registrationId
 * @returns {number} emails added
 */
function queueRegistrationEmails(txApp, registrationId) {
  const templates = lib("email-templates");
  const { registration, facts } = loadRegistration(txApp, registrationId);
  const attendees = attendeesWithStatus(txApp, registrationId, "confirmed");
  const names = attendees.map((attendee) => attendee.getString("full_name"));
  const amount = amountText(registration);
  let added = 0;
  attendees.forEach((attendee) => {
    const email = attendee.getString("email");
    const fullName = attendee.getString("full_name");
    const confirmation = templates.confirmationEmail({ fullName, attendees: names, amount, event: facts });
    if (queueOnce(txApp, { registrationId, attendeeId: attendee.id, to: email, message: confirmation })) added += 1;

    const invitation = invitationMessage(txApp, attendee, facts);
    if (queueOnce(txApp, { registrationId, attendeeId: attendee.id, to: email, message: invitation })) added += 1;
  });
  return added;
}

/** The waitlist confirmation for the registration's waitlisted attendee. */
function queueWaitlistEmail(txApp, registrationId) {
  const { facts } = loadRegistration(txApp, registrationId);
  let added = 0;
  attendeesWithStatus(txApp, registrationId, "waitlisted").forEach((attendee) => {
    const message = lib("email-templates").waitlistEmail({ fullName: attendee.getString("full_name"), event: facts });
    if (queueOnce(txApp, { registrationId, attendeeId: attendee.id, to: attendee.getString("email"), message })) added += 1;
  });
  return added;
}

/** Tells the buyer (primary_email) that a payment whose seats were gone was refunded. */
function queueRefundEmail(txApp, registrationId) {
  const { registration, facts } = loadRegistration(txApp, registrationId);
  const to = registration.getString("primary_email");
  const buyer = txApp
    .findRecordsByFilter("attendees", "registration = {:registration}", "created,id", 0, 0, { registration: registrationId })
    .find((attendee) => attendee.getString("email").toLowerCase() === to.toLowerCase());
  const message = lib("email-templates").refundEmail({
    fullName: buyer ? buyer.getString("full_name") : to,
    amount: lib("event-format").formatAmount(registration.getInt("total_amount_cents"), registration.getString("currency")),
    event: facts,
    waitlistUrl: `${facts.appUrl}/register?waitlist=true`,
  });
  return queueOnce(txApp, { registrationId, attendeeId: "", to, message }) ? 1 : 0;
}

module.exports = {
  invitationMessage,
  queueRegistrationEmails,
  queueWaitlistEmail,
  queueRefundEmail,
  deliverForRegistration: (app, registrationId) => lib("email-delivery").deliverForRegistration(app, registrationId),
  invitationToken: (app, attendeeId, email) => lib("invitations").invitationToken(app, attendeeId, email),
  verifyInvitationToken: (app, attendeeId, email, token) => lib("invitations").verifyInvitationToken(app, attendeeId, email, token),
};
