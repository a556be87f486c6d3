/// <reference path="../../../pb_data/types.d.ts" />
// Tax documents as email attachments, added at sending time
// (lib/email/sending-steps.js), each to the email that goes to the order's
// buyer (its primary email) only, never to another attendee:
// - the registration confirmation carries the order's tax invoice;
// - the cancellation notice (when the buyer cancelled their own seat) or the
//   payer's notice (when someone else's seat they paid for was cancelled)
//   carries the adjustment note of that refund.
// The PDF is made when the email is sent, from the stored document; if that
// fails the email goes without it (its ticket matters more) and the failure is
// logged: the order page and the portal still offer the document.

function templates() {
  const registration = require(`${__hooks}/lib/email/templates.js`).TEMPLATES;
  const cancellation = require(`${__hooks}/lib/cancellation/emails.js`).TEMPLATES;
  return { confirmation: registration.confirmation, notice: cancellation.notice, payerNotice: cancellation.payerNotice };
}

/** The document an outbox email carries, or null. @param {core.Record} email */
function documentFor(app, email) {
  const registrationId = email.getString("registration");
  if (!registrationId) return null;
  let registration;
  try {
    registration = app.findRecordById("registrations", registrationId);
  } catch {
    return null;
  }
  if (email.getString("to").toLowerCase() !== registration.getString("primary_email").toLowerCase()) return null;
  const issue = require(`${__hooks}/lib/invoices/issue.js`);
  const template = email.getString("template");
  if (template === templates().confirmation) return issue.invoiceOf(app, registrationId);
  const attendeeId = email.getString("attendee");
  if (!attendeeId) return null;
  const found = app.findRecordsByFilter("tax_documents", "kind = 'adjustment' && registration = {:registration} && attendee = {:attendee}",
    "-number", 1, 0, { registration: registrationId, attendee: attendeeId });
  return found.length > 0 ? found[0] : null;
}

/** What delivery does with these emails at sending time (lib/email/sending-steps.js). */
const sendingStep = {
  handles: (template) => Object.values(templates()).includes(template),
  isObsolete: () => false,
  prepare(app, email, message) {
    const document = documentFor(app, email);
    if (!document) return { message, attachments: {} };
    const pdf = require(`${__hooks}/lib/invoices/document.js`);
    const name = pdf.fileName(document);
    try {
      return { message, attachments: { [name]: $filesystem.fileFromBytes(pdf.renderPdf(app, document), name).reader.open() } };
    } catch (error) {
      // The ticket in the same email matters more: it goes without the PDF, which the order page and the portal still offer.
      app.logger().error("A tax document could not be attached; the email goes without it", "email", email.id, "document", document.id,
        "error", require(`${__hooks}/lib/core/errors.js`).describeError(error));
      return { message, attachments: {} };
    }
  },
};

module.exports = { documentFor, sendingStep };
