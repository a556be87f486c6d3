/// <reference path="../../../pb_data/types.d.ts" />
// Tax documents as email attachments, added at sending time
// (lib/email/sending-steps.js), each to the email that goes to the order's
// buyer (its primary email) only, never to another attendee:
// - the registration confirmation carries the order's tax invoice;
// - the cancellation notice (when the buyer cancelled their own seat) or the
//   payer's notice (when someone else's seat they paid for was cancelled)
//   carries the adjustment note of that refund.
// The PDF is made when the email is sent, from the stored document. When it
// cannot be made (a fault in the PDF writer, a seller's detail it refuses),
// the email goes without it, since its ticket or news matters more, and the
// document follows in an email of its own (`tax_document`, queued once the
// first one is sent): that one exists for its PDF, so it is not sent without
// it; delivery retries it with back-off until the PDF can be made (after the
// seller's details are fixed, say), and an administrator can retry it after
// that. Each failure is reported once by delivery (lib/email/delivery.js):
// logged, or counted as a failed run of the email cron. The order page and
// the portal offer the document all along.

const TEMPLATES = { document: "tax_document" };

function templates() {
  const registration = require(`${__hooks}/lib/email/templates.js`).TEMPLATES;
  const cancellation = require(`${__hooks}/lib/cancellation/emails.js`).TEMPLATES;
  return { confirmation: registration.confirmation, notice: cancellation.notice, payerNotice: cancellation.payerNotice, document: TEMPLATES.document };
}

function findOrNull(app, collection, id) {
  if (!id) return null;
  try {
    return app.findRecordById(collection, id);
  } catch {
    return null;
  }
}

/** The document an outbox email carries, or null. @param {core.Record} email */
function documentFor(app, email) {
  const registrationId = email.getString("registration");
  const registration = findOrNull(app, "registrations", registrationId);
  if (!registration) return null;
  if (email.getString("to").toLowerCase() !== registration.getString("primary_email").toLowerCase()) return null;
  const issue = require(`${__hooks}/lib/invoices/issue.js`);
  const template = email.getString("template");
  const attendeeId = email.getString("attendee");
  if (template === templates().confirmation || (template === TEMPLATES.document && !attendeeId)) return issue.invoiceOf(app, registrationId);
  if (!attendeeId) return null;
  const found = app.findRecordsByFilter("tax_documents", "kind = 'adjustment' && registration = {:registration} && attendee = {:attendee}",
    "-number", 1, 0, { registration: registrationId, attendee: attendeeId });
  return found.length > 0 ? found[0] : null;
}

/** "Tax invoice INV-000001" / "Adjustment note AN-000001" */
function documentName(document) {
  const kind = document.getString("kind");
  const number = require(`${__hooks}/lib/invoices/rules.js`).documentNumber(kind, document.getInt("number"));
  return `${kind === "invoice" ? "Tax invoice" : "Adjustment note"} ${number}`;
}

/**
 * The email a document follows in: {template, subject, html, text}.
 * @param {core.App} app @param {core.Record} document @param {core.Record} registration
 */
function followUpMessage(app, document, registration) {
  const layout = require(`${__hooks}/lib/email/layout.js`);
  const rules = require(`${__hooks}/lib/invoices/rules.js`);
  const event = findOrNull(app, "events", registration.getString("event"));
  const title = event ? event.getString("title") : "AI Champions Masterclass";
  const reference = require(`${__hooks}/lib/orders/order.js`).orderReference(registration.id);
  const buyerEmail = registration.getString("primary_email").toLowerCase();
  const buyer = app.findRecordsByFilter("attendees", "registration = {:registration}", "created,id", 0, 0, { registration: registration.id })
    .find((attendee) => attendee.getString("email").toLowerCase() === buyerEmail);
  const greeting = buyer && buyer.getString("full_name") ? `Hi ${buyer.getString("full_name")},` : "Hello,";
  const invoice = document.getString("kind") === "invoice";
  const number = rules.documentNumber(document.getString("kind"), document.getInt("number"));
  const closing = ["You can also download it from the order link in your confirmation email, or from the attendee portal once you are signed in."];
  if (invoice) {
    return layout.renderMessage(TEMPLATES.document, `Your tax invoice for ${layout.theEvent(title)}`, {
      preheader: `Tax invoice ${number} for order ${reference}.`,
      heading: "Your tax invoice",
      greeting,
      paragraphs: [`Your tax invoice ${number} for order ${reference} is attached to this email. We could not attach it to your registration confirmation when we sent it; your registration and your ticket are not affected.`],
      closing,
    });
  }
  const invoiceNumber = rules.documentNumber("invoice", document.getInt("invoice_number"));
  return layout.renderMessage(TEMPLATES.document, `Your adjustment note for ${layout.theEvent(title)}`, {
    preheader: `Adjustment note ${number} for order ${reference}.`,
    heading: "Your adjustment note",
    greeting,
    paragraphs: [`Your adjustment note ${number}, for the refund against tax invoice ${invoiceNumber} (order ${reference}), is attached to this email. We could not attach it to our email about the cancelled registration when we sent it.`],
    closing,
  });
}

/**
 * Queues the email a document follows in, once per document: to the email's
 * recipient (the buyer), for the same order and attendee.
 * @param {core.App} app @param {core.Record} email the email that went without it @param {core.Record} document
 */
function queueFollowUp(app, email, document) {
  const registration = findOrNull(app, "registrations", email.getString("registration"));
  if (!registration) return;
  const attendee = document.getString("kind") === "invoice" ? "" : document.getString("attendee");
  const existing = app.findRecordsByFilter("emails", "template = {:template} && registration = {:registration} && attendee = {:attendee} && status != 'cancelled'",
    "", 1, 0, { template: TEMPLATES.document, registration: registration.id, attendee });
  if (existing.length > 0) return;
  const message = followUpMessage(app, document, registration);
  require(`${__hooks}/lib/email/outbox.js`).saveOutboxEmail(app, {
    to: email.getString("to"), subject: message.subject, html: message.html, text: message.text, template: message.template,
    registration: registration.id, attendee,
  });
}

/** What delivery does with these emails at sending time (lib/email/sending-steps.js). */
const sendingStep = {
  handles: (template) => Object.values(templates()).includes(template),
  // a follow-up whose document or buyer is gone (the order anonymised) has nothing to carry
  isObsolete: (app, email) => email.getString("template") === TEMPLATES.document && !documentFor(app, email),
  prepare(app, email, message) {
    const document = documentFor(app, email);
    if (!document) return { message, attachments: {} };
    const pdf = require(`${__hooks}/lib/invoices/document.js`);
    const name = pdf.fileName(document);
    let bytes;
    try {
      bytes = pdf.renderPdf(app, document);
    } catch (error) {
      const problem = `${documentName(document)} could not be made: ${require(`${__hooks}/lib/core/errors.js`).describeError(error)}`;
      // the follow-up exists for its PDF: it waits for it (delivery retries)
      if (email.getString("template") === TEMPLATES.document) throw new Error(problem);
      return {
        message,
        attachments: {},
        problems: [`${problem}. The email went without it; it follows in an email of its own.`],
        afterSent: (after) => queueFollowUp(after, email, document),
      };
    }
    return { message, attachments: { [name]: $filesystem.fileFromBytes(bytes, name).reader.open() } };
  },
};

module.exports = { TEMPLATES, documentFor, sendingStep };
