/// <reference path="../../../pb_data/types.d.ts" />
// Queues the registration emails in the `emails` outbox. Called inside the
// registration or fulfilment transaction (use only txApp); delivery happens
// after commit (lib/email/delivery.js deliverForRegistration) and by the
// retry cron. Queueing is idempotent: one email per registration, attendee
// and template, however often it is called. The invitation's working link is
// kept out of the outbox record, which administrators read: the record shows
// it without its token and the deliverable copy goes to email_secrets.


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
  require(`${__hooks}/lib/email/outbox.js`).saveOutboxEmail(txApp, {
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

/** An attendee record as the templates need it. @param {core.Record} attendee */
function attendeeFacts(attendee) {
  return { id: attendee.id, fullName: attendee.getString("full_name"), email: attendee.getString("email"), ticketCode: attendee.getString("ticket_code") };
}

/** The attendee's ticket as the confirmation shows it, or null without a code. */
function ticketFacts(app, facts, ticketCode) {
  if (!ticketCode) return null;
  return {
    code: ticketCode,
    payload: require(`${__hooks}/lib/tickets/ticket.js`).ticketPayload(facts.id, ticketCode),
    calendarUrl: require(`${__hooks}/lib/core/links.js`).ticketCalendarUrl(app, facts.id, ticketCode),
    portalUrl: require(`${__hooks}/lib/core/links.js`).ticketPageUrl(app),
  };
}

/**
 * An attendee's invitation: the outbox copy (link without its token) with the
 * working message as `secret`, for saveOutboxEmail.
 * @param {core.App} app
 * @param {core.Record | {id: string, fullName: string, email: string}} attendee
 * @param {object} facts lib/events/facts.js eventFacts()
 */
function invitationMessage(app, attendee, facts) {
  const { id, fullName, email } = typeof attendee.getString === "function" ? attendeeFacts(attendee) : attendee;
  const token = require(`${__hooks}/lib/accounts/invitations.js`).invitationToken(app, id, email);
  const link = require(`${__hooks}/lib/core/links.js`).invitationUrl(app, id, email, token);
  return require(`${__hooks}/lib/email/templates.js`).invitationOutboxMessage({ fullName, email, link, event: facts });
}

function loadRegistration(txApp, registrationId) {
  const registration = txApp.findRecordById("registrations", registrationId);
  const event = txApp.findRecordById("events", registration.getString("event"));
  return { registration, facts: require(`${__hooks}/lib/events/facts.js`).eventFacts(txApp, event) };
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

function amountText(kind, cents, currency) {
  if (kind === "promo" || cents === 0) return "FREE";
  return require(`${__hooks}/lib/events/format.js`).formatAmount(cents, currency);
}

/**
 * The confirmation (with the attendee's ticket) and account invitation of
 * each confirmed attendee, rendered: `[{attendeeId, to, message}]`.
 * @param {core.App} app
 * @param {{facts: object, kind: string, totalAmountCents: number, currency: string, attendees: {id: string, fullName: string, email: string, ticketCode?: string}[],
 *   registrationId?: string, buyerEmail?: string}} registration the buyer's (primary_email's) confirmation carries the order page link
 */
function renderRegistrationEmails(app, { facts, kind, totalAmountCents, currency, attendees, registrationId, buyerEmail }) {
  const templates = require(`${__hooks}/lib/email/templates.js`);
  const names = attendees.map((attendee) => attendee.fullName);
  const amount = amountText(kind, totalAmountCents, currency);
  // The order page shows every attendee's ticket: its link goes to the buyer only.
  const orderUrl = registrationId ? require(`${__hooks}/lib/orders/links.js`).orderUrl(app, registrationId) : "";
  const isBuyer = (attendee) => !!buyerEmail && String(attendee.email).toLowerCase() === String(buyerEmail).toLowerCase();
  return attendees.flatMap((attendee) => [
    {
      attendeeId: attendee.id,
      to: attendee.email,
      message: templates.confirmationEmail({
        fullName: attendee.fullName, attendees: names, amount, event: facts, ticket: ticketFacts(app, facts, attendee.ticketCode),
        cancelUrl: require(`${__hooks}/lib/cancellation/links.js`).confirmationLink(app, facts, attendee.id),
        orderUrl: isBuyer(attendee) ? orderUrl : "",
      }),
    },
    { attendeeId: attendee.id, to: attendee.email, message: invitationMessage(app, attendee, facts) },
  ]);
}

/**
 * The waitlist confirmation, rendered: `[{attendeeId, to, message}]`; `statusUrl` shows the place in the
 * queue, `confirmUrl` confirms the address (the message carries `secret`, its working copy).
 */
function renderWaitlistEmail(facts, attendee, statusUrl, confirmUrl) {
  const message = require(`${__hooks}/lib/email/templates.js`).waitlistEmail({ fullName: attendee.fullName, event: facts, statusUrl, confirmUrl });
  return [{ attendeeId: attendee.id, to: attendee.email, message }];
}

/**
 * The attendees whose invitation among `rendered` is captured as it is saved
 * (no SMTP: nothing to deliver), with the time it is: `{attendeeId: date}`.
 * The registration route saves them already marked invited.
 * @param {core.App} txApp
 * @param {{attendeeId: string, message: {template: string}}[]} rendered
 */
function capturedInvitations(txApp, rendered) {
  const invitedAt = {};
  if (txApp.settings().smtp.enabled) return invitedAt;
  const { TEMPLATES } = require(`${__hooks}/lib/email/templates.js`);
  const now = require(`${__hooks}/lib/core/db-date.js`).dbNow();
  rendered.forEach(({ attendeeId, message }) => {
    if (attendeeId && message.template === TEMPLATES.invitation) invitedAt[attendeeId] = now;
  });
  return invitedAt;
}

/**
 * Saves emails rendered before the transaction (the registration route does
 * the rendering first, so the transaction, which holds SQLite's only writer,
 * stays short). The registration is new: nothing of it is queued yet.
 * @param {core.App} txApp
 * @param {string} registrationId
 * @param {{attendeeId: string, to: string, message: object}[]} rendered
 * @param {Record<string, string>} [invitedAt] attendees saved already marked invited (capturedInvitations)
 */
function saveRenderedEmails(txApp, registrationId, rendered, invitedAt = {}) {
  const outbox = require(`${__hooks}/lib/email/outbox.js`);
  rendered.forEach(({ attendeeId, to, message }) => {
    outbox.saveOutboxEmail(txApp, {
      to, subject: message.subject, html: message.html, text: message.text, template: message.template,
      registration: registrationId, attendee: attendeeId, secret: message.secret,
    }, { attendeeInvited: !!invitedAt[attendeeId] });
  });
}

/**
 * Confirmation and account invitation for every confirmed attendee of an
 * existing registration (fulfilment), each queued once however often called.
 * @param {core.App} txApp
 * @param {string} registrationId
 * @returns {number} emails added
 */
function queueRegistrationEmails(txApp, registrationId) {
  const { registration, facts } = loadRegistration(txApp, registrationId);
  const rendered = renderRegistrationEmails(txApp, {
    facts,
    kind: registration.getString("kind"),
    totalAmountCents: registration.getInt("total_amount_cents"),
    currency: registration.getString("currency"),
    attendees: attendeesWithStatus(txApp, registrationId, "confirmed").map(attendeeFacts),
    registrationId,
    buyerEmail: registration.getString("primary_email"),
  });
  return rendered.filter((email) => queueOnce(txApp, { registrationId, ...email })).length;
}

/**
 * Tells the buyer (primary_email) that a payment that bought no seats was
 * refunded: the seats were gone (`seatsGone`), or the registration could not be
 * confirmed. An address that can never receive mail (anonymised meanwhile) is
 * told nothing: the registration is flagged for an administrator already.
 */
function queueRefundEmail(txApp, registrationId, { seatsGone = true } = {}) {
  const { registration, facts } = loadRegistration(txApp, registrationId);
  const to = registration.getString("primary_email");
  if (require(`${__hooks}/lib/accounts/anonymise.js`).isPlaceholder(to)
    || require(`${__hooks}/lib/registration/validation.js`).isReservedEmailDomain(to)) return 0;
  const buyer = txApp
    .findRecordsByFilter("attendees", "registration = {:registration}", "created,id", 0, 0, { registration: registrationId })
    .find((attendee) => attendee.getString("email").toLowerCase() === to.toLowerCase());
  const message = require(`${__hooks}/lib/email/templates.js`).refundEmail({
    fullName: buyer ? buyer.getString("full_name") : to,
    amount: require(`${__hooks}/lib/events/format.js`).formatAmount(registration.getInt("total_amount_cents"), registration.getString("currency")),
    event: facts,
    waitlistUrl: `${facts.appUrl}/register?waitlist=true`,
    seatsGone,
  });
  return queueOnce(txApp, { registrationId, attendeeId: "", to, message }) ? 1 : 0;
}

module.exports = {
  invitationMessage,
  renderRegistrationEmails,
  renderWaitlistEmail,
  capturedInvitations,
  saveRenderedEmails,
  queueRegistrationEmails,
  queueRefundEmail,
  deliverForRegistration: (app, registrationId) => require(`${__hooks}/lib/email/delivery.js`).deliverForRegistration(app, registrationId),
  invitationToken: (app, attendeeId, email) => require(`${__hooks}/lib/accounts/invitations.js`).invitationToken(app, attendeeId, email),
  verifyInvitationToken: (app, attendeeId, email, token) => require(`${__hooks}/lib/accounts/invitations.js`).verifyInvitationToken(app, attendeeId, email, token),
};
