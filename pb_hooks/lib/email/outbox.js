/// <reference path="../../../pb_data/types.d.ts" />
// The `emails` outbox: every message is saved here first (saveOutboxEmail),
// in the caller's transaction, and delivered later by lib/email/delivery.js.
// Without SMTP a message is `captured` at once, since there is nothing to
// deliver. An email that carries a credential is saved redacted, its working
// copy kept apart (lib/email/secrets.js).

/**
 * Creates an outbox record: queued and due at once with SMTP configured,
 * otherwise `captured` right here, in the caller's transaction, since there
 * is nothing to deliver (no later claim-and-mark transactions per email).
 * `secret` ({subject?, html, text}) is the working message when the fields
 * hold a redacted copy. `attendeeInvited`: the attendee of a captured
 * invitation was saved already marked invited in the same transaction (the
 * registration route), so it is not saved again here.
 */
function saveOutboxEmail(app, { secret, ...fields }, { attendeeInvited = false } = {}) {
  const { dbNow } = require(`${__hooks}/lib/core/db-date.js`);
  const capturing = !app.settings().smtp.enabled;
  let email = null;
  app.runInTransaction((txApp) => {
    email = new Record(txApp.findCachedCollectionByNameOrId("emails"));
    email.load({ ...fields, status: "queued", attempts: 0, next_attempt_at: dbNow() });
    if (capturing) {
      recordDelivered(txApp, email, "captured", { attendeeInvited });
    } else {
      txApp.save(email);
    }
    // a new email has no working copy yet: nothing to look up
    if (secret) require(`${__hooks}/lib/email/secrets.js`).saveSecret(txApp, email.id, secret, { isNew: true });
  });
  return email;
}

/** Saves the email as sent, captured or cancelled (and the attendee of an invitation or access reminder as invited, unless `attendeeInvited` says it is). */
function recordDelivered(txApp, email, status, { attendeeInvited = false } = {}) {
  const now = require(`${__hooks}/lib/core/db-date.js`).dbNow();
  email.set("status", status);
  email.set("next_attempt_at", "");
  email.set("last_error", "");
  if (status === "sent") {
    email.set("attempts", email.getInt("attempts") + 1);
    email.set("sent_at", now);
  }
  txApp.save(email);
  // sent: the credential is in the recipient's mailbox and need not stay here
  if (status === "sent") require(`${__hooks}/lib/email/secrets.js`).forgetSecret(txApp, email.id);
  const { TEMPLATES } = require(`${__hooks}/lib/email/templates.js`);
  const template = email.getString("template");
  if ((template === TEMPLATES.invitation || template === TEMPLATES.reminder) && email.getString("attendee") && !attendeeInvited) {
    const attendee = txApp.findRecordById("attendees", email.getString("attendee"));
    attendee.set("invitation_sent", true);
    attendee.set("invitation_sent_at", now);
    txApp.save(attendee);
  }
}

/**
 * An attendee's email of one template sent again, in the caller's
 * transaction: their copy still waiting in the outbox (queued or failed, the
 * newest) is re-queued with this message, due at once, rather than joined by
 * another; otherwise the message is queued. Returns the outbox record.
 * @param {core.App} txApp
 * @param {core.Record} attendee
 * @param {{template: string, subject: string, html: string, text: string, secret?: object}} message
 */
function queueAttendeeEmail(txApp, attendee, message) {
  const fields = { to: attendee.getString("email"), subject: message.subject, html: message.html, text: message.text };
  const found = txApp.findRecordsByFilter(
    "emails",
    "attendee = {:attendee} && template = {:template} && (status = 'queued' || status = 'failed')",
    "-created",
    1,
    0,
    { attendee: attendee.id, template: message.template },
  );
  const waiting = found.length > 0 ? found[0] : null;
  if (!waiting) {
    return saveOutboxEmail(txApp, {
      ...fields,
      template: message.template,
      registration: attendee.getString("registration"),
      attendee: attendee.id,
      secret: message.secret,
    });
  }
  waiting.load({ ...fields, status: "queued", attempts: 0, last_error: "", next_attempt_at: require(`${__hooks}/lib/core/db-date.js`).dbNow() });
  txApp.save(waiting);
  if (message.secret) require(`${__hooks}/lib/email/secrets.js`).saveSecret(txApp, waiting.id, message.secret);
  return waiting;
}

module.exports = { saveOutboxEmail, recordDelivered, queueAttendeeEmail };
