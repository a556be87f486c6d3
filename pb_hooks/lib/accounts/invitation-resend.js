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
/** Addresses waiting at most (a minute's worth far beyond any venue); more are dropped and logged. */
const QUEUE_MAX = 2000;
const MAX_BODY_BYTES = 4 * 1024;
// Attendees who hold (or held) a seat may have an account (lib/accounts/accounts.js).
const INVITABLE_STATUSES = ["confirmed", "confirmed_observer"];

const MESSAGES = {
  accepted:
    "If this address belongs to a registered attendee who has not created an account yet, we will email the invitation again within a few minutes.",
  emailRequired: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
};

function readQueue(value) {
  try {
    const parsed = JSON.parse(String(value || "[]"));
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** Adds the address to the queue (once), under the store's lock; false when the queue is full. */
function enqueue(app, email) {
  let added = true;
  app.store().setFunc(QUEUE_KEY, (old) => {
    const queue = readQueue(old);
    if (queue.includes(email)) return JSON.stringify(queue);
    if (queue.length >= QUEUE_MAX) {
      added = false;
      return JSON.stringify(queue);
    }
    queue.push(email);
    return JSON.stringify(queue);
  });
  return added;
}

/** Takes every waiting address, leaving the queue empty. */
function takeQueue(app) {
  let taken = [];
  app.store().setFunc(QUEUE_KEY, (old) => {
    taken = readQueue(old);
    return "[]";
  });
  return taken;
}

/** @param {core.RequestEvent} e */
function handleResendRequest(e) {
  const { answerRefusals, readJsonObject, refusal } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    const body = readJsonObject(e, MAX_BODY_BYTES);
    if (body.email !== undefined && body.email !== null && typeof body.email !== "string") {
      throw refusal(400, "email", "validation_invalid_email", MESSAGES.emailInvalid);
    }
    const email = String(body.email || "").trim().toLowerCase();
    if (email === "") throw refusal(400, "email", "validation_required", MESSAGES.emailRequired);
    if (!require(`${__hooks}/lib/registration/validation.js`).isValidEmail(email)) {
      throw refusal(400, "email", "validation_invalid_email", MESSAGES.emailInvalid);
    }
    const rateLimit = require(`${__hooks}/lib/core/rate-limit.js`);
    rateLimit.enforce(e.app, "invitationResendsPerClient", require(`${__hooks}/lib/core/client-key.js`).clientKey(e));
    rateLimit.enforce(e.app, "invitationResendsPerEmail", email);
    if (!enqueue(e.app, email)) e.app.logger().warn("Invitation resend request dropped: the queue is full", "waiting", QUEUE_MAX);
    e.response.header().set("Cache-Control", "no-store");
    return e.json(202, { message: MESSAGES.accepted });
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
  const waiting = takeQueue(app);
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
