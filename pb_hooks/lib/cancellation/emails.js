/// <reference path="../../../pb_data/types.d.ts" />
// The emails of a cancellation, in the product's email layout
// (lib/email/layout.js), queued in the `emails` outbox inside the
// cancellation's transaction (one per registration, attendee and template,
// however often called) and delivered after commit like every other email:
// - cancellation_notice: to the cancelled attendee: the seat is released and
//   what is refunded (or why nothing is);
// - cancellation_payer_notice: to whoever paid (the registration's primary
//   email) when that is someone else and money is coming back to their card;
// - refund_failed_notice / refund_failed_payer_notice: the same people, when
//   the refund finally failed (lib/checkout/payment-actions.js), so nobody waits for
//   money that is not coming on its own.
// The notice says a refund is on its way, never that it "has been refunded":
// it is sent before Stripe has answered.

const TEMPLATES = {
  notice: "cancellation_notice",
  payerNotice: "cancellation_payer_notice",
  refundFailed: "refund_failed_notice",
  refundFailedPayer: "refund_failed_payer_notice",
};


function layout() {
  return require(`${__hooks}/lib/email/layout.js`);
}

/** What is coming back, in words, for the attendee's notice. */
function refundSentence(data) {
  if (data.refundCents > 0 && data.simulated) {
    return `A refund of ${data.refundText} is recorded. This registration was paid through the test-mode checkout, so no money moves.`;
  }
  if (data.refundCents > 0) {
    return `We are refunding ${data.refundText} to the card used to pay for this registration. Refunds usually appear within 5 to 10 business days.`;
  }
  if (!data.paid) return "Your registration was free, so there is nothing to refund.";
  if (data.by === "administrator") return "No refund is due for this cancellation.";
  return `No refund is due under our terms: ${data.tierWords}`;
}

/**
 * @param {{fullName: string, event: object, by: 'attendee'|'link'|'administrator', paid: boolean,
 *   refundCents: number, refundText: string, tierWords: string, simulated: boolean, contactUrl: string}} data
 */
function cancellationNotice(data) {
  if (data.eventCancelled) return eventCancelledNotice(data);
  const opening = data.by === "administrator"
    ? `Your registration for the ${data.event.title} on ${data.event.date} has been cancelled by our team, and your seat has been released. If you think this is a mistake, please contact us at ${data.contactUrl}.`
    : `As you asked, your registration for the ${data.event.title} on ${data.event.date} is cancelled, and your seat has been released.`;
  return layout().renderMessage(TEMPLATES.notice, `Your registration for ${layout().theEvent(data.event.title)} is cancelled`, {
    preheader: `Your registration for ${data.event.title} on ${data.event.date} is cancelled.`,
    heading: "Your registration is cancelled",
    greeting: `Hi ${data.fullName},`,
    paragraphs: [opening, refundSentence(data)],
    details: [
      ...layout().eventRows(data.event),
      ["Attendee", data.fullName],
      ["Refund", data.refundCents > 0 ? data.refundText : "None"],
    ],
    closing: ["We hope to welcome you at a future masterclass."],
  });
}

/** The notice when the whole masterclass is cancelled (lib/notices/cancel-event.js): same template, its own words. */
function eventCancelledNotice(data) {
  const named = layout().theEvent(data.event.title);
  return layout().renderMessage(TEMPLATES.notice, `${named.charAt(0).toUpperCase()}${named.slice(1)} on ${data.event.date} is cancelled`, {
    preheader: `We are sorry: the ${data.event.title} on ${data.event.date} is cancelled.`,
    heading: "The masterclass is cancelled",
    greeting: `Hi ${data.fullName},`,
    paragraphs: [
      `We are sorry: the ${data.event.title} on ${data.event.date} has been cancelled, so your registration is cancelled too and your ticket will no longer be needed. Please remove the masterclass from your calendar.`,
      refundSentence(data),
    ],
    details: [
      ...layout().eventRows(data.event),
      ["Attendee", data.fullName],
      ["Refund", data.refundCents > 0 ? data.refundText : "None"],
    ],
    closing: [`If you have any questions, please contact us at ${data.contactUrl}.`, "We hope to welcome you at a future masterclass."],
  });
}

/** @param {{payerName: string, attendeeName: string, event: object, refundText: string, simulated: boolean}} data */
function payerNotice(data) {
  const money = data.simulated
    ? `A refund of ${data.refundText} is recorded. This registration was paid through the test-mode checkout, so no money moves.`
    : `We are refunding ${data.refundText} to the card you paid with. Refunds usually appear within 5 to 10 business days.`;
  return layout().renderMessage(TEMPLATES.payerNotice, `A registration you paid for at ${layout().theEvent(data.event.title)} was cancelled`, {
    preheader: `${data.attendeeName}'s registration is cancelled.`,
    heading: "A registration you paid for was cancelled",
    greeting: `Hi ${data.payerName},`,
    paragraphs: [
      `${data.attendeeName}'s registration for the ${data.event.title} on ${data.event.date}, which you paid for, has been cancelled and the seat released. The other attendees of your registration keep their seats.`,
      money,
    ],
    details: [...layout().eventRows(data.event), ["Attendee", data.attendeeName], ["Refund", data.refundText]],
  });
}

/** @param {{template: string, fullName: string, attendeeName: string, event: object, refundText: string, contactUrl: string}} data */
function refundFailed(data) {
  const whose = data.fullName === data.attendeeName ? "your cancelled registration" : `${data.attendeeName}'s cancelled registration`;
  return layout().renderMessage(data.template, `We could not refund your payment for ${layout().theEvent(data.event.title)} automatically`, {
    preheader: "Our team will refund you by hand.",
    heading: "Your refund needs our attention",
    greeting: `Hi ${data.fullName},`,
    paragraphs: [
      `We tried to refund ${data.refundText} for ${whose} for the ${data.event.title} on ${data.event.date}, but the card payment could not be refunded automatically.`,
      `Our team has been told and will refund you by hand, or contact you if we need anything. You do not need to do anything now. Questions: ${data.contactUrl}`,
    ],
    details: [...layout().eventRows(data.event), ["Attendee", data.attendeeName], ["Refund", data.refundText]],
  });
}

function alreadyQueued(txApp, registrationId, attendeeId, template) {
  return txApp.findRecordsByFilter(
    "emails",
    "registration = {:registration} && attendee = {:attendee} && template = {:template}",
    "", 1, 0,
    { registration: registrationId, attendee: attendeeId, template },
  ).length > 0;
}

function queue(txApp, { registrationId, attendeeId, to, message }) {
  if (alreadyQueued(txApp, registrationId, attendeeId, message.template)) return false;
  require(`${__hooks}/lib/email/outbox.js`).saveOutboxEmail(txApp, {
    to, subject: message.subject, html: message.html, text: message.text, template: message.template,
    registration: registrationId, attendee: attendeeId,
  });
  return true;
}

/** Who paid, when it is not the attendee: `{email, fullName}` or null. */
function separatePayer(txApp, registration, attendee) {
  const payerEmail = registration.getString("primary_email");
  if (!payerEmail || payerEmail.toLowerCase() === attendee.getString("email").toLowerCase()) return null;
  const payer = txApp
    .findRecordsByFilter("attendees", "registration = {:registration}", "created,id", 0, 0, { registration: registration.id })
    .find((candidate) => candidate.getString("email").toLowerCase() === payerEmail.toLowerCase());
  return { email: payerEmail, fullName: payer ? payer.getString("full_name") : payerEmail };
}

function contactUrl(txApp) {
  return `${require(`${__hooks}/lib/core/links.js`).appUrl(txApp)}/contact`;
}

/**
 * In the cancellation's transaction: the attendee's notice, and the payer's
 * when someone else paid and money is coming back.
 * @param {core.App} txApp
 * @param {{registration: core.Record, attendee: core.Record, event: core.Record, by: string, paid: boolean,
 *   refundCents: number, tierWords: string, simulated: boolean}} cancellation
 */
function queueCancellationEmails(txApp, cancellation) {
  const { registration, attendee, event } = cancellation;
  const facts = require(`${__hooks}/lib/events/facts.js`).eventFacts(txApp, event);
  const refundText = require(`${__hooks}/lib/events/format.js`).formatAmount(cancellation.refundCents, registration.getString("currency") || event.getString("currency") || "AUD");
  const fullName = attendee.getString("full_name");
  queue(txApp, {
    registrationId: registration.id,
    attendeeId: attendee.id,
    to: attendee.getString("email"),
    message: cancellationNotice({
      fullName, event: facts, by: cancellation.by, paid: cancellation.paid, refundCents: cancellation.refundCents,
      refundText, tierWords: cancellation.tierWords, simulated: cancellation.simulated, contactUrl: contactUrl(txApp),
      eventCancelled: !!cancellation.eventCancelled,
    }),
  });
  const payer = cancellation.refundCents > 0 ? separatePayer(txApp, registration, attendee) : null;
  if (payer) {
    queue(txApp, {
      registrationId: registration.id,
      attendeeId: attendee.id,
      to: payer.email,
      message: payerNotice({ payerName: payer.fullName, attendeeName: fullName, event: facts, refundText, simulated: cancellation.simulated }),
    });
  }
}

/**
 * In the transaction that marks an attendee's refund failed for good: tells
 * the attendee (and the payer, when someone else paid) once.
 * @param {core.App} txApp
 * @param {core.Record} action the payment action
 */
function queueRefundFailedEmails(txApp, action) {
  const attendeeId = action.getString("attendee");
  if (!attendeeId) return;
  const registration = txApp.findRecordById("registrations", action.getString("registration"));
  const attendee = txApp.findRecordById("attendees", attendeeId);
  const event = txApp.findRecordById("events", registration.getString("event"));
  const facts = require(`${__hooks}/lib/events/facts.js`).eventFacts(txApp, event);
  const refundText = require(`${__hooks}/lib/events/format.js`).formatAmount(action.getInt("amount_cents"), action.getString("currency") || registration.getString("currency") || "AUD");
  const attendeeName = attendee.getString("full_name");
  const common = { attendeeName, event: facts, refundText, contactUrl: contactUrl(txApp) };
  queue(txApp, {
    registrationId: registration.id, attendeeId, to: attendee.getString("email"),
    message: refundFailed({ ...common, template: TEMPLATES.refundFailed, fullName: attendeeName }),
  });
  const payer = separatePayer(txApp, registration, attendee);
  if (payer) {
    queue(txApp, {
      registrationId: registration.id, attendeeId, to: payer.email,
      message: refundFailed({ ...common, template: TEMPLATES.refundFailedPayer, fullName: payer.fullName }),
    });
  }
}

module.exports = {
  TEMPLATES,
  cancellationNotice,
  payerNotice,
  refundFailed,
  queueCancellationEmails,
  queueRefundFailedEmails,
};
