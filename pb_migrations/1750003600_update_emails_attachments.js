/// <reference path="../pb_data/types.d.ts" />
// `emails` gains the files a message carried when it went out: the sending
// steps add them at sending time (pb_hooks/lib/email/sending-steps.js: the
// calendar file, the tax invoice, the ticket's QR code shown inside it), and
// delivery records each one's name, type and size here (`attachments`,
// [{name, type, size, inline}]), so the admin area's preview lists what the
// recipient got. Empty for a message not sent yet, or captured without SMTP.

migrate((app) => {
  const emails = app.findCollectionByNameOrId("emails");
  if (!emails.fields.getByName("attachments")) {
    emails.fields.add(new JSONField({ name: "attachments", maxSize: 20000 }));
  }
  app.save(emails);
}, (app) => {
  const emails = app.findCollectionByNameOrId("emails");
  if (emails.fields.getByName("attachments")) emails.fields.removeByName("attachments");
  app.save(emails);
});
