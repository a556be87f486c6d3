/// <reference path="../../pb_data/types.d.ts" />
// Every mail goes through the outbox, PocketBase's own included (password
// reset, verification, OTP, …): onMailerSend lets our outbox deliveries
// (marked with OUTBOX_HEADER) go out, and turns any other message into outbox
// emails delivered from there, so they are captured without SMTP and retried
// with it.

/** @param {core.MailerEvent} e */
function routeOutgoingMail(e) {
  const delivery = require(`${__hooks}/lib/email-delivery.js`);
  const { TEMPLATES } = require(`${__hooks}/lib/email-templates.js`);
  const headers = e.message.headers;
  if (headers && headers[delivery.OUTBOX_HEADER]) return e.next();
  const queued = e.message.to.map((recipient) =>
    delivery.saveOutboxEmail(e.app, {
      to: recipient.address,
      subject: e.message.subject,
      html: e.message.html,
      text: e.message.text,
      template: TEMPLATES.system,
    }),
  );
  queued.forEach((email) => delivery.deliverEmail(e.app, email.id));
}

module.exports = { routeOutgoingMail };
