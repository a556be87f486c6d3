/// <reference path="../../../pb_data/types.d.ts" />
// The users collection's password reset email, applied on every boot: the
// link opens the app's /reset-password?token=… (DESIGN decision 7) instead of
// the PocketBase dashboard, in the same layout as every other email.
// PocketBase fills {APP_NAME}, {APP_URL} (settings, from APP_URL) and {TOKEN}
// when it sends; lib/email/system-mails.js puts the message through the outbox.

const RESET_URL = "{APP_URL}/reset-password?token={TOKEN}";

/** @param {number} validMinutes how long the reset token works */
function resetPasswordTemplate(validMinutes) {
  const layout = require(`${__hooks}/lib/email/layout.js`);
  return {
    subject: "Reset your {APP_NAME} password",
    body: layout.renderHtml({
      preheader: "Choose a new password for your attendee portal account.",
      heading: "Reset your password",
      greeting: "Hello,",
      paragraphs: [
        "We received a request to reset the password of your {APP_NAME} account. Use the button below to choose a new one.",
        `The link works once and for ${validMinutes} minutes.`,
      ],
      button: { label: "Choose a New Password", url: RESET_URL },
      closing: ["If you did not ask for this, you can ignore this email: your password stays as it is."],
    }),
  };
}

/**
 * Writes the template into the users collection (saved only when it changed).
 * @param {core.App} app
 */
function applyResetPasswordTemplate(app) {
  const users = app.findCollectionByNameOrId("users");
  const template = resetPasswordTemplate(Math.round(users.passwordResetToken.duration / 60));
  const current = users.resetPasswordTemplate;
  if (current.subject === template.subject && current.body === template.body) return false;
  current.subject = template.subject;
  current.body = template.body;
  app.save(users);
  return true;
}

module.exports = { RESET_URL, resetPasswordTemplate, applyResetPasswordTemplate };
