/// <reference path="../../../pb_data/types.d.ts" />
// Delivers the `emails` outbox (lib/email/outbox.js). With SMTP configured a
// message is sent (html and text parts, and whatever its template's owner
// adds at sending time, lib/email/sending-steps.js: a confirmation carries the
// .ics as an attachment and the attendee's ticket as a QR code PNG shown in
// its HTML, sent as multipart/related by pocketbase/mail.go); a failure counts an
// attempt, records the error, schedules the next try with back-off and notes
// it on the registration; after MAX_ATTEMPTS it is `failed`. Without SMTP it
// is stored as `captured`. A paid registration whose emails are all
// sent/captured becomes `completed`. Each email is claimed in a transaction
// before sending, so the cron and an immediate try never both send it.
// An email that carries a credential is sent from its working copy in
// `email_secrets` (the outbox record, which administrators read, is redacted);
// that copy is dropped once the message is sent (lib/email/secrets.js).

const BACKOFF_MINUTES = [1, 5, 15, 60, 240];
const MAX_ATTEMPTS = BACKOFF_MINUTES.length + 1;
const CLAIM_MINUTES = 10;
const DUE_BATCH_SIZE = 50;
const ERROR_LOG_MAX = 20000;
const LAST_ERROR_MAX = 5000;
const OUTBOX_HEADER = "X-Masterclass-Email-Id";

function dates() {
  return require(`${__hooks}/lib/core/db-date.js`);
}

function secrets() {
  return require(`${__hooks}/lib/email/secrets.js`);
}

/** Claims a due queued email by moving its next attempt past the send; null when it is not due or already claimed. */
function claim(app, emailId) {
  let claimed = null;
  app.runInTransaction((txApp) => {
    // Deleted with its person a moment ago: nothing to send.
    const [email] = txApp.findRecordsByFilter("emails", "id = {:id}", "", 1, 0, { id: emailId });
    if (!email) return;
    const due = email.getString("next_attempt_at");
    if (email.getString("status") !== "queued" || (due !== "" && due > dates().dbNow())) return;
    email.set("next_attempt_at", dates().dbMinutesFromNow(CLAIM_MINUTES));
    txApp.save(email);
    claimed = email;
  });
  return claimed;
}

/** What goes out: the working copy when there is one, else the outbox record itself. */
function deliverable(app, email) {
  const secret = secrets().findSecret(app, email.id);
  if (!secret) return { subject: email.getString("subject"), html: email.getString("html"), text: email.getString("text") };
  return { subject: secret.getString("subject") || email.getString("subject"), html: secret.getString("html"), text: secret.getString("text") };
}

/**
 * List-Unsubscribe headers (RFC 2369 and RFC 8058 one-click) for a message
 * carrying our signed unsubscribe link (early-access emails), so mail
 * programs offer their own unsubscribe button; the same link answers POST.
 */
function unsubscribeHeaders(message) {
  const found = /https?:\/\/[^\s<>"]+\/api\/masterclass\/unsubscribe\?[^\s<>"]+/.exec(message.text || "");
  if (!found) return {};
  return { "List-Unsubscribe": `<${found[0]}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

function send(app, email) {
  const meta = app.settings().meta;
  const { message, attachments, inline } = require(`${__hooks}/lib/email/sending-steps.js`).prepare(app, email, deliverable(app, email));
  app.newMailClient().send(new MailerMessage({
    from: { address: meta.senderAddress, name: meta.senderName },
    to: [{ address: email.getString("to") }],
    subject: message.subject,
    html: message.html,
    text: message.text,
    headers: { [OUTBOX_HEADER]: email.id, ...unsubscribeHeaders(message) },
    attachments,
    inlineAttachments: inline,
  }));
}

function markDelivered(app, email, status) {
  app.runInTransaction((txApp) => require(`${__hooks}/lib/email/outbox.js`).recordDelivered(txApp, email, status));
}

function markFailedAttempt(app, email, error) {
  const message = String((error && error.message) || error).slice(0, LAST_ERROR_MAX);
  const attempts = email.getInt("attempts") + 1;
  const givingUp = attempts >= MAX_ATTEMPTS;
  const next = givingUp ? "" : dates().dbMinutesFromNow(BACKOFF_MINUTES[attempts - 1]);
  app.runInTransaction((txApp) => {
    email.set("attempts", attempts);
    email.set("last_error", message);
    email.set("status", givingUp ? "failed" : "queued");
    email.set("next_attempt_at", next);
    txApp.save(email);
    if (!email.getString("registration")) return;
    const registration = txApp.findRecordById("registrations", email.getString("registration"));
    const outcome = givingUp ? "giving up" : `next attempt at ${next}`;
    const note = `${new Date().toISOString()} ${email.getString("template")} to ${email.getString("to")}: attempt ${attempts} failed (${message}); ${outcome}`;
    const log = [registration.getString("email_error_log"), note].filter(Boolean).join("\n");
    registration.set("email_error_log", log.slice(-ERROR_LOG_MAX));
    txApp.save(registration);
  });
}

/**
 * Tries one email now if it is due. Returns 'sent' | 'captured' | 'failed' | 'cancelled' | 'skipped'.
 * @param {core.App} app
 * @param {string} emailId
 */
function deliverEmail(app, emailId) {
  const email = claim(app, emailId);
  if (!email) return "skipped";
  if (require(`${__hooks}/lib/email/sending-steps.js`).isObsolete(app, email)) {
    markDelivered(app, email, "cancelled");
    return "cancelled";
  }
  if (!app.settings().smtp.enabled) {
    markDelivered(app, email, "captured");
    return "captured";
  }
  try {
    send(app, email);
  } catch (error) {
    markFailedAttempt(app, email, error);
    return "failed";
  }
  markDelivered(app, email, "sent");
  return "sent";
}

function hasUndelivered(app, registrationId) {
  return app.findRecordsByFilter(
    "emails",
    "registration = {:registration} && status != 'sent' && status != 'captured'",
    "",
    1,
    0,
    { registration: registrationId },
  ).length > 0;
}

/**
 * A paid registration whose emails are all sent or captured becomes
 * completed. Only a paid one needs the write transaction; for the others the
 * answer is a read.
 */
function completeIfDelivered(app, registrationId) {
  if (app.findRecordById("registrations", registrationId).getString("status") !== "paid") {
    return !hasUndelivered(app, registrationId);
  }
  let allDelivered = false;
  app.runInTransaction((txApp) => {
    const pending = txApp.findRecordsByFilter(
      "emails",
      "registration = {:registration} && status != 'sent' && status != 'captured'",
      "",
      1,
      0,
      { registration: registrationId },
    );
    allDelivered = pending.length === 0;
    const registration = txApp.findRecordById("registrations", registrationId);
    if (!allDelivered || registration.getString("status") !== "paid") return;
    registration.set("status", "completed");
    txApp.save(registration);
  });
  return allDelivered;
}

/**
 * Tries a registration's due emails now (after commit, outside any transaction).
 * @returns {{allDelivered: boolean, failed: number}}
 */
function deliverForRegistration(app, registrationId) {
  const due = app.findRecordsByFilter(
    "emails",
    "registration = {:registration} && status = 'queued' && next_attempt_at <= {:now}",
    "created,id",
    0,
    0,
    { registration: registrationId, now: dates().dbNow() },
  );
  const failed = due.filter((email) => deliverEmail(app, email.id) === "failed").length;
  return { allDelivered: completeIfDelivered(app, registrationId), failed };
}

/** The cron: every queued email whose next attempt is due. */
function deliverDueEmails(app) {
  const due = app.findRecordsByFilter(
    "emails",
    "status = 'queued' && next_attempt_at <= {:now}",
    "next_attempt_at,created",
    DUE_BATCH_SIZE,
    0,
    { now: dates().dbNow() },
  );
  const registrations = {};
  due.forEach((email) => {
    deliverEmail(app, email.id);
    if (email.getString("registration")) registrations[email.getString("registration")] = true;
  });
  Object.keys(registrations).forEach((registrationId) => completeIfDelivered(app, registrationId));
}

module.exports = {
  OUTBOX_HEADER,
  deliverEmail,
  deliverForRegistration,
  deliverDueEmails,
};
