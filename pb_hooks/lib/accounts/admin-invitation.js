/// <reference path="../../../pb_data/types.d.ts" />
// POST /api/masterclass/attendees/{id}/invitation (administrators only,
// DESIGN decision 4): (re)sends an attendee's account invitation, or, to an
// attendee who already has an account, an access reminder (where to sign in,
// how to set a new password; it carries no credential). The pending
// invitation email of the attendee (queued or failed) is re-queued with fresh
// content, or a new one is queued (lib/email/outbox.js queueAttendeeEmail, as
// a resent ticket is); it is delivered at once and, once sent or
// captured, attendees.invitation_sent/_at are set (lib/email/delivery.js).
// As for every invitation, the outbox record shows the link without its token
// and the working message is stored (or replaced) in email_secrets.
// A delivery failure answers 502; the email stays queued for the retry cron.

const MESSAGES = {
  forbidden: "Only administrators can send invitations.",
  notFound: "Attendee not found.",
  notConfirmed: "Only confirmed attendees can be invited to create an account.",
  deliveryFailed: "The invitation could not be sent right now. It stays queued and will be retried automatically.",
};


function invitationMessage(txApp, attendee) {
  const facts = require(`${__hooks}/lib/events/facts.js`).eventFacts(txApp, txApp.findRecordById("events", attendee.getString("event")));
  return require(`${__hooks}/lib/email/registration-emails.js`).invitationMessage(txApp, attendee, facts);
}

/** For an attendee who already has an account: where to sign in (no credential, so no secret). */
function accessReminder(txApp, attendee) {
  const facts = require(`${__hooks}/lib/events/facts.js`).eventFacts(txApp, txApp.findRecordById("events", attendee.getString("event")));
  const base = require(`${__hooks}/lib/core/links.js`).appUrl(txApp);
  return require(`${__hooks}/lib/email/templates.js`).accessReminderEmail({
    fullName: attendee.getString("full_name"),
    email: attendee.getString("email"),
    signInUrl: `${base}/auth`,
    resetUrl: `${base}/reset-password`,
    event: facts,
  });
}

/** Re-queues or queues the invitation; returns {emailId} or {refusal}. */
function queueInvitation(txApp, attendeeId) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const attendee = require(`${__hooks}/lib/accounts/accounts.js`).findAttendee(txApp, attendeeId);
  if (!attendee) return { refusal: refusal(404, "attendee", "not_found", MESSAGES.notFound) };
  if (!["confirmed", "confirmed_observer"].includes(attendee.getString("registration_status"))) {
    return { refusal: refusal(409, "attendee", "not_confirmed", MESSAGES.notConfirmed) };
  }
  const message = attendee.getString("user") ? accessReminder(txApp, attendee) : invitationMessage(txApp, attendee);
  return { emailId: require(`${__hooks}/lib/email/outbox.js`).queueAttendeeEmail(txApp, attendee, message).id };
}

/** POST /api/masterclass/attendees/{id}/invitation @param {core.RequestEvent} e */
function handleSendInvitation(e) {
  const { answerRefusals } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, { forbidden: MESSAGES.forbidden });
    let queued = null;
    e.app.runInTransaction((txApp) => {
      queued = queueInvitation(txApp, e.request.pathValue("id"));
    });
    if (queued.refusal) throw queued.refusal;

    const outcome = require(`${__hooks}/lib/email/delivery.js`).deliverEmail(e.app, queued.emailId);
    const email = e.app.findRecordById("emails", queued.emailId);
    if (outcome === "failed") {
      throw require(`${__hooks}/lib/core/errors.js`).requestError(502, MESSAGES.deliveryFailed, {
        email: { code: "delivery_failed", message: email.getString("last_error") || MESSAGES.deliveryFailed },
      });
    }
    const attendee = e.app.findRecordById("attendees", e.request.pathValue("id"));
    return e.json(200, {
      attendeeId: attendee.id,
      email: attendee.getString("email"),
      emailId: email.id,
      delivery: email.getString("status"),
      invitationSent: attendee.getBool("invitation_sent"),
      invitationSentAt: attendee.getString("invitation_sent_at"),
    });
  });
}

module.exports = { handleSendInvitation, queueInvitation };
