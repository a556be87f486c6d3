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

const MESSAGES = {
  forbidden: "Only administrators can retry emails.",
  previewForbidden: "Only administrators can read emails.",
  notFound: "Email not found.",
  notFailed: "Only a failed email can be retried.",
  deliveryFailed: "The email could not be sent right now. It stays queued and will be retried automatically.",
};


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

module.exports = { handleRetryEmail, handlePreviewImages, MESSAGES };
