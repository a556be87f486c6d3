/// <reference path="../../../pb_data/types.d.ts" />
// Requests made by typing an email address whose answer must never tell
// whether the address is known ("send my invitation again", "email me a
// sign-in link"): every well-formed request gets the same 202 and body, is
// counted against its limits (per client and per email, whether or not the
// address is known) and puts the address in a queue in the app store, read
// by a job every minute. The route reads nothing about attendees or
// accounts, so its timing says nothing either. The queue lives in memory: a
// request still waiting when the server stops is dropped (asking again is
// harmless). Used by lib/accounts/invitation-resend.js and sign-in-link.js.

/** Addresses waiting at most in one queue (a minute's worth far beyond any venue); more are dropped and logged. */
const QUEUE_MAX = 2000;
const MAX_BODY_BYTES = 4 * 1024;
const EMAIL_MESSAGES = {
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
function enqueue(app, queueKey, email) {
  let added = true;
  app.store().setFunc(queueKey, (old) => {
    const queue = readQueue(old);
    if (!queue.includes(email)) {
      if (queue.length >= QUEUE_MAX) added = false;
      else queue.push(email);
    }
    return JSON.stringify(queue);
  });
  return added;
}

/** Takes every waiting address of the queue, leaving it empty. */
function takeQueue(app, queueKey) {
  let taken = [];
  app.store().setFunc(queueKey, (old) => {
    taken = readQueue(old);
    return "[]";
  });
  return taken;
}

/**
 * Answers one request: the address checked, counted and queued, then the same
 * 202 `{message: accepted}` for every well-formed address.
 * @param {core.RequestEvent} e
 * @param {{queueKey: string, perClient: string, perEmail: string, accepted: string, what: string}} kind
 *   perClient, perEmail: the limits' names (lib/core/limits.js); what: the request's name in the log
 */
function answerAddressRequest(e, kind) {
  const { answerRefusals, readJsonObject, refusal } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    const body = readJsonObject(e, MAX_BODY_BYTES);
    if (body.email !== undefined && body.email !== null && typeof body.email !== "string") {
      throw refusal(400, "email", "validation_invalid_email", EMAIL_MESSAGES.emailInvalid);
    }
    const email = String(body.email || "").trim().toLowerCase();
    if (email === "") throw refusal(400, "email", "validation_required", EMAIL_MESSAGES.emailRequired);
    if (!require(`${__hooks}/lib/registration/validation.js`).isValidEmail(email)) {
      throw refusal(400, "email", "validation_invalid_email", EMAIL_MESSAGES.emailInvalid);
    }
    const rateLimit = require(`${__hooks}/lib/core/rate-limit.js`);
    rateLimit.enforce(e.app, kind.perClient, require(`${__hooks}/lib/core/client-key.js`).clientKey(e));
    rateLimit.enforce(e.app, kind.perEmail, email);
    if (!enqueue(e.app, kind.queueKey, email)) e.app.logger().warn(`${kind.what} request dropped: the queue is full`, "waiting", QUEUE_MAX);
    e.response.header().set("Cache-Control", "no-store");
    return e.json(202, { message: kind.accepted });
  });
}

module.exports = { EMAIL_MESSAGES, takeQueue, answerAddressRequest };
