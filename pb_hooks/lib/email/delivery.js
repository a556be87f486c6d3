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
// A message that cannot be made (a sending step threw: its QR code, or the
// document a follow-up email exists for) is a failed attempt like a refused
// send; a file left out of a message that goes anyway (a tax invoice beside
// a ticket) is a problem. Both are reported once: logged when the delivery
// runs in a request, counted as a failed run of the email cron when it runs
// there (deliverDueEmails throws them after its batch, lib/core/jobs.js).
// A follow-up email (a tax document sent on its own, lib/invoices/emails.js)
// does not hold back a registration's `completed`.

const BACKOFF_MINUTES = [1, 5, 15, 60, 240];
const MAX_ATTEMPTS = BACKOFF_MINUTES.length + 1;
const CLAIM_MINUTES = 10;
const DUE_BATCH_SIZE = 50;
const ERROR_LOG_MAX = 20000;
const LAST_ERROR_MAX = 5000;
const OUTBOX_HEADER = "X-Masterclass-Email-Id";
const PROBLEMS_MAX = 2000;

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

function describeError(error) {
  return require(`${__hooks}/lib/core/errors.js`).describeError(error);
}

/** Logs a problem with an email once: where no job counts it. */
function logProblem(app, email, problem) {
  app.logger().error("An email could not be made in full", "email", email.id, "template", email.getString("template"), "problem", problem);
}

/** The message as it goes out, or an Error marked `making` when a sending step threw. */
function prepareMessage(app, email) {
  try {
    return require(`${__hooks}/lib/email/sending-steps.js`).prepare(app, email, deliverable(app, email));
  } catch (error) {
    const made = new Error(`The ${email.getString("template")} email could not be made: ${describeError(error)}`);
    made.making = true;
    throw made;
  }
}

/**
 * Sends the email; returns what its sending steps left to report and to do,
 * and the files it carried (`files`: [{name, type, size, inline}]).
 */
function send(app, email) {
  const meta = app.settings().meta;
  const steps = require(`${__hooks}/lib/email/sending-steps.js`);
  const prepared = prepareMessage(app, email);
  const { problems, afterSent } = prepared;
  const files = steps.measuredFiles(prepared);
  const names = files.list.filter((file) => !file.inline).map((file) => file.name);
  const message = steps.withFilesNamed(email.getString("template"), prepared.message, names);
  app.newMailClient().send(new MailerMessage({
    from: { address: meta.senderAddress, name: meta.senderName },
    to: [{ address: email.getString("to") }],
    subject: message.subject,
    html: message.html,
    text: message.text,
    headers: { [OUTBOX_HEADER]: email.id, ...unsubscribeHeaders(message) },
    attachments: files.attachments,
    inlineAttachments: files.inline,
  }));
  return { problems, afterSent, files: files.list, names };
}

/**
 * Saves the email delivered; a sent one keeps the list of the files it
 * carried, and its outbox copy names them as the message did (the tax
 * invoice's sentence, lib/email/sending-steps.js withFilesNamed).
 */
function markDelivered(app, email, status, sent) {
  if (sent) {
    const copy = require(`${__hooks}/lib/email/sending-steps.js`).withFilesNamed(email.getString("template"), { html: email.getString("html"), text: email.getString("text") }, sent.names);
    email.set("html", copy.html);
    email.set("text", copy.text);
    email.set("attachments", sent.files);
  }
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
 * @param {(app: core.App, email: core.Record, problem: string) => void} [report] who hears of a
 *   message that could not be made in full (logged by default; the cron counts them)
 */
function deliverEmail(app, emailId, report = logProblem) {
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
  let sent;
  try {
    sent = send(app, email);
  } catch (error) {
    if (error && error.making) report(app, email, error.message);
    markFailedAttempt(app, email, error);
    return "failed";
  }
  markDelivered(app, email, "sent", sent);
  sent.problems.forEach((problem) => report(app, email, problem));
  sent.afterSent.forEach((step) => {
    try {
      step(app);
    } catch (error) {
      report(app, email, `After it was sent: ${describeError(error)}`);
    }
  });
  return "sent";
}

/** Emails a registration waits for before it is completed: all but follow-ups. */
const UNDELIVERED = "registration = {:registration} && status != 'sent' && status != 'captured' && template != {:followUp}";

function followUpTemplate() {
  return require(`${__hooks}/lib/invoices/emails.js`).TEMPLATES.document;
}

function hasUndelivered(app, registrationId) {
  return app.findRecordsByFilter("emails", UNDELIVERED, "", 1, 0, { registration: registrationId, followUp: followUpTemplate() }).length > 0;
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
    const pending = txApp.findRecordsByFilter("emails", UNDELIVERED, "", 1, 0, { registration: registrationId, followUp: followUpTemplate() });
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

/**
 * The cron: every queued email whose next attempt is due. A message that
 * could not be made in full fails the run once the batch is done (thrown
 * for lib/core/jobs.js to log and count), the others still delivered.
 */
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
  const problems = [];
  due.forEach((email) => {
    deliverEmail(app, email.id, (_app, made, problem) => problems.push(`email ${made.id}: ${problem}`));
    if (email.getString("registration")) registrations[email.getString("registration")] = true;
  });
  Object.keys(registrations).forEach((registrationId) => completeIfDelivered(app, registrationId));
  if (problems.length > 0) {
    throw new Error(`${problems.length === 1 ? "An email" : `${problems.length} emails`} could not be made in full: ${problems.join("; ")}`.slice(0, PROBLEMS_MAX));
  }
  const failing = mailFailing(app);
  if (failing) throw new Error(failing);
}

/**
 * Whether mail is failing, in words ("" when not): the latest delivery attempt
 * failed. The job's run is then recorded as failed, so the overview's "Email
 * delivery" says failing, not working, from the first failed attempt until an
 * email is delivered again (only with SMTP configured: without it emails are
 * kept, not sent).
 */
function mailFailing(app) {
  if (!app.settings().smtp.enabled) return "";
  const latest = new DynamicModel({ status: "", last_error: "", updated: "" });
  try {
    app.db().newQuery(`
      SELECT status, last_error, updated FROM emails
      WHERE status IN ('sent', 'failed') OR (status = 'queued' AND attempts > 0)
      ORDER BY updated DESC LIMIT 1`).one(latest);
  } catch {
    return ""; // nothing tried yet
  }
  if (latest.status === "sent") return "";
  return `Mail is failing: the latest delivery attempt (${latest.updated} UTC) failed: ${latest.last_error || "no reason recorded"}`.slice(0, PROBLEMS_MAX);
}

module.exports = {
  OUTBOX_HEADER,
  deliverEmail,
  deliverForRegistration,
  deliverDueEmails,
};
