/// <reference path="../../../pb_data/types.d.ts" />
// POST /api/masterclass/emails/{id}/retry (administrators only): sends a
// failed outbox email again. In one transaction the email goes back to
// `queued`, due now, with a fresh round of attempts (the retry cron's back-off
// starts over); then one delivery is tried at once through
// lib/email/delivery.js, which claims it first, so the cron never sends it a
// second time. A message that carries a credential is delivered from its
// working copy in email_secrets, as always; the answer carries only the
// outbox state, never the message.
// A delivery failure answers 502: the email stays queued and the cron keeps
// trying it with back-off.
// GET /api/masterclass/emails/{id}/images (administrators only): the images
// the message's HTML shows by `cid:` (a ticket's QR code, sent inside the
// message), as data: URLs, so the preview shows what the recipient sees. The
// QR code carries nothing the message's text does not already show an
// administrator (its ticket code).
// POST /api/masterclass/emails/{id}/resend (administrators only): sends a
// delivered email (sent or captured) again, as a new outbox email that names
// the one it copies (`resent_from`) and the administrator (`resent_by`), and
// is logged: a copy, never the original re-sent, so the outbox keeps what went
// out when. Counted per administrator and per recipient (lib/core/limits.js).
// What may be resent (resendPlan) is decided by kind, so that nothing goes
// out with a link that no longer works or to someone who should no longer get it:
// - a confirmation (the ticket) while the attendee holds a ticket and the
//   masterclass has not ended, rendered afresh (current ticket, working
//   cancellation link until the start, the order link for the buyer);
// - a new-ticket email under the same conditions, copied (the current ticket
//   goes in at sending time, lib/tickets/emails.js);
// - an account invitation while the attendee is confirmed and has no account,
//   rendered afresh (lib/accounts/admin-invitation.js);
// - notices that carry no working link (access reminder, cancellation and
//   refund notices), copied, unless their copy hides something;
// - an update email (a change of date, times or place, lib/notices/update-email.js)
//   while the attendee holds the ticket it names, the masterclass has not ended,
//   was not cancelled and has not changed again since: copied, and its calendar
//   file attached afresh at sending time (the sending step), so the copy's
//   calendar entry is the masterclass as it is now;
// - nothing else: waitlist emails, offers and early access carry links that
//   are personal or expire (their own pages send them again), and
//   PocketBase's own mails carry sign-in secrets (the person asks again).
// A recipient whose details were deleted gets nothing.
// GET /api/masterclass/emails/resend-options?ids=a,b,… (administrators only,
// at most 100 ids): for each, whether Resend is offered and, if not, why, so
// the screen shows no action that cannot work.

const MESSAGES = {
  forbidden: "Only administrators can retry emails.",
  previewForbidden: "Only administrators can read emails.",
  notFound: "Email not found.",
  notFailed: "Only a failed email can be retried.",
  deliveryFailed: "The email could not be sent right now. It stays queued and will be retried automatically.",
  resendForbidden: "Only administrators can resend emails.",
  idsInvalid: "Give up to 100 email ids, separated by commas.",
};

// Why Resend is not offered, in the administrator's words.
const NOT_RESENT = {
  failed: "It was never delivered: use Retry.",
  queued: "It has not gone out yet: it is sent on its own.",
  cancelled: "It was cancelled: the recipient's details were deleted.",
  deletedRecipient: "The recipient's details were deleted.",
  noAttendee: "The attendee it was written for no longer exists.",
  noTicket: "The attendee no longer holds a ticket.",
  ended: "The masterclass has ended.",
  accountExists: "They have created their account, so the invitation is used. They sign in, or reset their password.",
  notConfirmed: "The attendee is not confirmed, so they cannot create an account.",
  hidden: "Its links are kept only in the recipient's copy, so it cannot be copied.",
  waitlist: "Its links are personal to the waitlist entry and not kept here: the person asks again from the waitlist page.",
  offer: "Waitlist offers expire: make a new offer from Event & Promo Codes.",
  earlyAccess: "Early access links expire with their window: send early access again from Event & Promo Codes.",
  system: "Sign-in links and codes expire: the person asks for a new one (Forgot password?).",
  otherKind: "This kind of email is not resent from here.",
  eventCancelled: "The masterclass was cancelled since.",
  changedSince: "The masterclass changed again since: tell its attendees of the latest change from its event screen.",
  ticketReplaced: "The attendee's ticket was replaced since, so the ticket code in this email no longer works.",
};
const HOLDS_TICKET = ["confirmed", "confirmed_observer"];
// copied as they are (their outbox copy is what was sent)
const NOTICES = ["user_access_reminder", "cancellation_notice", "cancellation_payer_notice", "refund_notice", "refund_failed_notice", "refund_failed_payer_notice"];
const IDS_MAX = 100;


function findEmail(app, id) {
  try {
    return app.findRecordById("emails", id);
  } catch {
    return null;
  }
}

/** Re-queues a failed email; returns {email} or {refusal}. */
function requeue(txApp, id) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const email = findEmail(txApp, id);
  if (!email) return { refusal: refusal(404, "email", "not_found", MESSAGES.notFound) };
  if (email.getString("status") !== "failed") {
    return { refusal: refusal(409, "email", "not_failed", MESSAGES.notFailed) };
  }
  email.load({ status: "queued", attempts: 0, last_error: "", next_attempt_at: require(`${__hooks}/lib/core/db-date.js`).dbNow() });
  txApp.save(email);
  return { email };
}

/** What the admin screen shows of an email: its state, never its content. */
function outboxState(email) {
  return {
    id: email.id,
    status: email.getString("status"),
    attempts: email.getInt("attempts"),
    last_error: email.getString("last_error"),
    next_attempt_at: email.getString("next_attempt_at"),
    sent_at: email.getString("sent_at"),
  };
}

/** @param {core.RequestEvent} e */
function handleRetryEmail(e) {
  const { answerRefusals, requestError } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, { forbidden: MESSAGES.forbidden });
    const id = e.request.pathValue("id");
    let queued = null;
    e.app.runInTransaction((txApp) => {
      queued = requeue(txApp, id);
    });
    if (queued.refusal) throw queued.refusal;

    // With a registration, its due emails go together and a paid one becomes
    // completed once all are delivered, as after checkout.
    const delivery = require(`${__hooks}/lib/email/delivery.js`);
    const registration = queued.email.getString("registration");
    if (registration) delivery.deliverForRegistration(e.app, registration);
    else delivery.deliverEmail(e.app, id);
    const email = e.app.findRecordById("emails", id);
    // still queued with an error: this attempt failed (without one, the cron had claimed it first)
    if (email.getString("status") === "queued" && email.getString("last_error") !== "") {
      throw requestError(502, MESSAGES.deliveryFailed, {
        email: { code: "delivery_failed", message: email.getString("last_error") || MESSAGES.deliveryFailed },
      });
    }
    return e.json(200, outboxState(email));
  });
}

/** @param {core.RequestEvent} e */
function handlePreviewImages(e) {
  const { answerRefusals, refusal } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, { forbidden: MESSAGES.previewForbidden });
    const email = findEmail(e.app, e.request.pathValue("id"));
    if (!email) throw refusal(404, "email", "not_found", MESSAGES.notFound);
    e.response.header().set("Cache-Control", "private, no-store");
    return e.json(200, { images: require(`${__hooks}/lib/email/sending-steps.js`).previewImages(e.app, email) });
  });
}

function findAttendee(app, email) {
  const id = email.getString("attendee");
  if (!id) return null;
  try {
    return app.findRecordById("attendees", id);
  } catch {
    return null;
  }
}

function eventFactsOf(app, attendee) {
  return require(`${__hooks}/lib/events/facts.js`).eventFacts(app, app.findRecordById("events", attendee.getString("event")));
}

/** The attendee's confirmation as their registration renders it now (current ticket, working links). */
function freshConfirmation(app, attendee, facts) {
  const emails = require(`${__hooks}/lib/email/registration-emails.js`);
  const { TEMPLATES } = require(`${__hooks}/lib/email/templates.js`);
  const registration = app.findRecordById("registrations", attendee.getString("registration"));
  const holders = app
    .findRecordsByFilter("attendees", "registration = {:registration}", "created,id", 0, 0, { registration: registration.id })
    .filter((row) => HOLDS_TICKET.includes(row.getString("registration_status")))
    .map((row) => ({ id: row.id, fullName: row.getString("full_name"), email: row.getString("email"), ticketCode: row.getString("ticket_code") }));
  const rendered = emails.renderRegistrationEmails(app, {
    facts,
    kind: registration.getString("kind"),
    totalAmountCents: registration.getInt("total_amount_cents"),
    currency: registration.getString("currency"),
    attendees: holders,
    registrationId: registration.id,
    buyerEmail: registration.getString("primary_email"),
  });
  const found = rendered.find((item) => item.attendeeId === attendee.id && item.message.template === TEMPLATES.confirmation);
  return found ? found.message : null;
}

/** The ticket-carrying kinds: the attendee still holds a ticket and the masterclass has not ended. */
function ticketHolderRefusal(app, attendee) {
  if (!attendee) return NOT_RESENT.noAttendee;
  if (!HOLDS_TICKET.includes(attendee.getString("registration_status")) || attendee.getString("ticket_code") === "") return NOT_RESENT.noTicket;
  const facts = eventFactsOf(app, attendee);
  if (facts.endsAt && facts.endsAt.getTime() <= Date.now()) return NOT_RESENT.ended;
  return "";
}

/** An update email (held by a ticket holder): refused when its masterclass was cancelled or changed again since, or its ticket code replaced. */
function updateRefusal(app, email, attendee) {
  const event = app.findRecordById("events", attendee.getString("event"));
  if (event.getString("cancelled_at") !== "") return NOT_RESENT.eventCancelled;
  const instant = (text) => new Date(String(text).replace(" ", "T")).getTime();
  const changed = instant(event.getString("schedule_changed_at"));
  if (!isNaN(changed) && changed > instant(email.getString("created"))) return NOT_RESENT.changedSince;
  if (!email.getString("text").includes(attendee.getString("ticket_code"))) return NOT_RESENT.ticketReplaced;
  if (hidesSomething(email)) return NOT_RESENT.hidden;
  return "";
}

function copyOf(email) {
  return { subject: email.getString("subject"), html: email.getString("html"), text: email.getString("text") };
}

function hidesSomething(email) {
  const { HIDDEN } = require(`${__hooks}/lib/email/secrets.js`);
  return email.getString("html").includes(HIDDEN) || email.getString("text").includes(HIDDEN);
}

/**
 * Whether an outbox email may be sent again, and what goes out:
 * `{reason}` when not, otherwise `{to, message}` (message: {subject, html,
 * text, template, secret?}; `to` the attendee's current address for what is
 * rendered afresh, else the original recipient).
 * @param {core.App} app
 * @param {core.Record} email
 */
function resendPlan(app, email) {
  const status = email.getString("status");
  if (status === "failed" || status === "queued" || status === "cancelled") return { reason: NOT_RESENT[status] };
  const anonymise = require(`${__hooks}/lib/accounts/anonymise.js`);
  if (anonymise.isPlaceholder(email.getString("to"))) return { reason: NOT_RESENT.deletedRecipient };
  const template = email.getString("template");
  const { TEMPLATES } = require(`${__hooks}/lib/email/templates.js`);
  const attendee = findAttendee(app, email);
  if (attendee && anonymise.isPlaceholder(attendee.getString("email"))) return { reason: NOT_RESENT.deletedRecipient };

  if (template === TEMPLATES.confirmation) {
    const refused = ticketHolderRefusal(app, attendee);
    if (refused) return { reason: refused };
    const message = freshConfirmation(app, attendee, eventFactsOf(app, attendee));
    if (!message) return { reason: NOT_RESENT.noTicket };
    return { to: attendee.getString("email"), message };
  }
  if (template === require(`${__hooks}/lib/tickets/emails.js`).TEMPLATES.newTicket) {
    const refused = ticketHolderRefusal(app, attendee);
    if (refused) return { reason: refused };
    if (hidesSomething(email)) return { reason: NOT_RESENT.hidden };
    return { to: email.getString("to"), message: { ...copyOf(email), template } };
  }
  if (template === TEMPLATES.invitation) {
    if (!attendee) return { reason: NOT_RESENT.noAttendee };
    if (!HOLDS_TICKET.includes(attendee.getString("registration_status"))) return { reason: NOT_RESENT.notConfirmed };
    if (require(`${__hooks}/lib/accounts/accounts.js`).accountExists(app, attendee)) return { reason: NOT_RESENT.accountExists };
    const message = require(`${__hooks}/lib/email/registration-emails.js`).invitationMessage(app, attendee, eventFactsOf(app, attendee));
    return { to: attendee.getString("email"), message };
  }
  if (template === require(`${__hooks}/lib/notices/update-email.js`).TEMPLATE) {
    const refused = ticketHolderRefusal(app, attendee) || updateRefusal(app, email, attendee);
    if (refused) return { reason: refused };
    return { to: email.getString("to"), message: { ...copyOf(email), template } };
  }
  if (NOTICES.includes(template)) {
    if (hidesSomething(email)) return { reason: NOT_RESENT.hidden };
    return { to: email.getString("to"), message: { ...copyOf(email), template } };
  }
  if (template === TEMPLATES.waitlist) return { reason: NOT_RESENT.waitlist };
  if (template === "waitlist_offer") return { reason: NOT_RESENT.offer };
  if (template === "early_access") return { reason: NOT_RESENT.earlyAccess };
  if (template === TEMPLATES.system) return { reason: NOT_RESENT.system };
  return { reason: NOT_RESENT.otherKind };
}

/** `{allowed, reason}` for the screen; a fault reading what it needs is "not offered", never a 500. */
function resendOption(app, email) {
  try {
    const plan = resendPlan(app, email);
    return plan.reason ? { allowed: false, reason: plan.reason } : { allowed: true, reason: "" };
  } catch (error) {
    app.logger().warn("Resend option not worked out", "email", email.id, "error", require(`${__hooks}/lib/core/errors.js`).describeError(error));
    return { allowed: false, reason: NOT_RESENT.otherKind };
  }
}

/** GET /api/masterclass/emails/resend-options?ids=… @param {core.RequestEvent} e */
function handleResendOptions(e) {
  const { answerRefusals, refusal } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, { forbidden: MESSAGES.previewForbidden });
    const raw = String(e.request.url.query().get("ids") || "");
    const ids = raw === "" ? [] : raw.split(",").map((id) => id.trim());
    const { isRecordId } = require(`${__hooks}/lib/core/ids.js`);
    if (ids.length > IDS_MAX || ids.some((id) => !isRecordId(id))) throw refusal(400, "ids", "invalid", MESSAGES.idsInvalid);
    const options = {};
    [...new Set(ids)].forEach((id) => {
      const email = findEmail(e.app, id);
      if (email) options[id] = resendOption(e.app, email);
    });
    e.response.header().set("Cache-Control", "private, no-store");
    return e.json(200, { options });
  });
}

/** POST /api/masterclass/emails/{id}/resend @param {core.RequestEvent} e */
function handleResendEmail(e) {
  const { answerRefusals, refusal } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, { forbidden: MESSAGES.resendForbidden });
    const original = findEmail(e.app, e.request.pathValue("id"));
    if (!original) throw refusal(404, "email", "not_found", MESSAGES.notFound);
    const first = resendPlan(e.app, original);
    if (first.reason) throw refusal(409, "email", "not_resendable", first.reason);
    const rateLimit = require(`${__hooks}/lib/core/rate-limit.js`);
    rateLimit.enforce(e.app, "emailResendsPerAdministrator", `${e.auth.collection().name}:${e.auth.id}`);
    rateLimit.enforce(e.app, "emailResendsPerRecipient", first.to.toLowerCase());

    let copy = null;
    let refused = "";
    e.app.runInTransaction((txApp) => {
      // decided again inside the transaction: a cancellation or an account made meanwhile comes first or after
      const plan = resendPlan(txApp, txApp.findRecordById("emails", original.id));
      if (plan.reason) {
        refused = plan.reason;
        return;
      }
      copy = require(`${__hooks}/lib/email/outbox.js`).saveOutboxEmail(txApp, {
        to: plan.to,
        subject: plan.message.subject,
        html: plan.message.html,
        text: plan.message.text,
        template: plan.message.template,
        registration: original.getString("registration"),
        attendee: original.getString("attendee"),
        resent_from: original.id,
        resent_by: e.auth.collection().name === "users" ? e.auth.id : "",
        secret: plan.message.secret,
      });
    });
    if (refused) throw refusal(409, "email", "not_resendable", refused);
    e.app.logger().info("Email resent", "email", original.id, "copy", copy.id, "template", original.getString("template"), "administrator", e.auth.id);
    if (copy.getString("status") === "queued") require(`${__hooks}/lib/email/delivery.js`).deliverEmail(e.app, copy.id);
    const email = e.app.findRecordById("emails", copy.id);
    return e.json(201, { ...outboxState(email), to: email.getString("to"), resent_from: original.id });
  });
}

module.exports = { handleRetryEmail, handlePreviewImages, handleResendEmail, handleResendOptions, resendPlan, MESSAGES, NOT_RESENT };
