/// <reference path="../../../pb_data/types.d.ts" />
// Every mail goes through the outbox, PocketBase's own included (password
// reset, verification, OTP, sign-in alerts, …, for users and superusers
// alike): onMailerSend lets our outbox deliveries (marked with OUTBOX_HEADER)
// go out, and turns any other message into outbox emails delivered from
// there, so they are captured without SMTP and retried with it. Such a
// message can carry a sign-in secret and administrators read the outbox, so
// the outbox record keeps only the subject and a note; the message itself is
// kept for delivery in email_secrets, which only superusers read.

/** @param {core.MailerEvent} e */
function routeOutgoingMail(e) {
  const delivery = require(`${__hooks}/lib/email/delivery.js`);
  const headers = e.message.headers;
  if (headers && headers[delivery.OUTBOX_HEADER]) return e.next();
  const copy = require(`${__hooks}/lib/email/templates.js`).systemMailOutboxCopy(e.message.subject);
  const secret = { subject: e.message.subject, html: e.message.html, text: e.message.text };
  const queued = e.message.to.map((recipient) =>
    require(`${__hooks}/lib/email/outbox.js`).saveOutboxEmail(e.app, {
      to: recipient.address,
      subject: copy.subject,
      html: copy.html,
      text: copy.text,
      template: copy.template,
      secret,
    }),
  );
  queued.forEach((email) => delivery.deliverEmail(e.app, email.id));
}

module.exports = { routeOutgoingMail };
