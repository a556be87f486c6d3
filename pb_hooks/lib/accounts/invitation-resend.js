/// <reference path="../../../pb_data/types.d.ts" />
// POST /api/masterclass/invitations/resend {email} (public): "send my
// invitation again", from the Sign Up tab of /auth.
//
// The answer never tells whether the address is known: every well-formed
// request gets the same 202 and the same body, and the route does the same
// work for every address: it counts the request against the limits (per
// client and per email, kept whether or not the address is known) and puts
// the address in a queue in the app store. It reads nothing about attendees
// or accounts, so its timing says nothing either. A cron job
// (`invitationResends`, every minute) empties the queue: for an address that
// belongs to a confirmed attendee (confirmed or confirmed observer) and no
// account, it re-queues that attendee's invitation in the outbox (the newest
// such attendee, with lib/accounts/admin-invitation.js, as an administrator's
// Send would) and tries it at once; a waitlisted, cancelled or unknown address,
// or one that already has an account, gets nothing. The queue lives in memory:
// a request still waiting when the server stops is dropped (the page says the
// invitation comes within a few minutes; asking again is harmless).

const QUEUE_KEY = "invitation-resends:queue";
// Attendees who hold (or held) a seat may have an account (lib/accounts/accounts.js).
const INVITABLE_STATUSES = ["confirmed", "confirmed_observer"];

const MESSAGES = {
  accepted:
    "If this address belongs to a registered attendee who has not created an account yet, we will email the invitation again within a few minutes.",
};

/** @param {core.RequestEvent} e */
function handleResendRequest(e) {
  return require(`${__hooks}/lib/accounts/address-requests.js`).answerAddressRequest(e, {
    queueKey: QUEUE_KEY,
    perClient: "invitationResendsPerClient",
    perEmail: "invitationResendsPerEmail",
    accepted: MESSAGES.accepted,
    what: "Invitation resend",
  });
}

/** The newest attendee with this address who may create an account and has none; null when there is none. */
function invitableAttendee(app, email) {
  const accounts = require(`${__hooks}/lib/accounts/accounts.js`);
  if (accounts.findUserByEmail(app, email)) return null;
  const found = app
    .findAllRecords("attendees", $dbx.exp("lower([[email]]) = {:email}", { email }))
    .filter((row) => row.getString("user") === "" && INVITABLE_STATUSES.includes(row.getString("registration_status")))
    .sort((a, b) => (a.getString("created") < b.getString("created") ? 1 : a.getString("created") > b.getString("created") ? -1 : 0));
  return found.length > 0 ? found[0] : null;
}

/**
 * Sends the invitation again to one address if it belongs to a confirmed
 * attendee without an account. Returns the outbox email's id, or "" when
 * nothing is sent.
 */
function resendTo(app, email) {
  const attendee = invitableAttendee(app, email);
  if (!attendee) return "";
  let queued = null;
  app.runInTransaction((txApp) => {
    queued = require(`${__hooks}/lib/accounts/admin-invitation.js`).queueInvitation(txApp, attendee.id);
  });
  if (!queued || queued.refusal) return "";
  require(`${__hooks}/lib/email/delivery.js`).deliverEmail(app, queued.emailId);
  return queued.emailId;
}

/** The cron: every address asked for since the last run. Returns how many invitations were queued. */
function processResendRequests(app) {
  const waiting = require(`${__hooks}/lib/accounts/address-requests.js`).takeQueue(app, QUEUE_KEY);
  let queued = 0;
  const failures = [];
  waiting.forEach((email) => {
    try {
      if (resendTo(app, email)) queued += 1;
    } catch (error) {
      failures.push(require(`${__hooks}/lib/core/errors.js`).describeError(error));
    }
  });
  // one address's fault never stops the others; the job reports them (without the addresses)
  if (failures.length > 0) throw new Error(`${failures.length} of ${waiting.length} invitation resends failed: ${failures[0]}`);
  return queued;
}

module.exports = { MESSAGES, handleResendRequest, processResendRequests };
