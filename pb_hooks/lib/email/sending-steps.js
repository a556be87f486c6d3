/// <reference path="../../../pb_data/types.d.ts" />
// What an outbox email needs at sending time besides its stored text, from
// the module that owns its template: whether it is still to be sent, its text
// brought up to date and the files it carries. Each such module exports
// `sendingStep` = {handles(template), isObsolete(app, email), prepare(app,
// email, message) → {message, attachments, inline}} and is listed in owners(); delivery
// (lib/email/delivery.js) knows only this list. (PocketBase loads modules
// lazily in each of its runtimes, so a step is found by requiring its owner
// here, not by the owner announcing itself when it happens to be loaded.)

/** The modules whose emails take a step at sending time. */
function owners() {
  return [require(`${__hooks}/lib/tickets/emails.js`)];
}

function stepFor(email) {
  const template = email.getString("template");
  const owner = owners().find((candidate) => candidate.sendingStep.handles(template));
  return owner ? owner.sendingStep : null;
}

/** Whether the email is no longer to be sent (it is then marked cancelled). @param {core.Record} email */
function isObsolete(app, email) {
  const step = stepFor(email);
  return !!step && step.isObsolete(app, email);
}

/**
 * What goes out: `{message, attachments, inline}`, each file name → reader:
 * `attachments` are files offered to keep, `inline` the images the HTML shows
 * by `cid:<file name>` (sent in multipart/related beside the HTML).
 * @param {core.Record} email the claimed outbox record
 * @param {{subject: string, html: string, text: string}} message its deliverable text
 */
function prepare(app, email, message) {
  const step = stepFor(email);
  const prepared = step ? step.prepare(app, email, message) : { message, attachments: {} };
  return { inline: {}, ...prepared };
}

/**
 * The images an outbox email's HTML shows by `cid:`, as data: URLs, so the
 * admin preview shows them as the recipient sees them: `{[name]: url}`.
 * @param {core.Record} email
 */
function previewImages(app, email) {
  const step = stepFor(email);
  return step && step.previewImages ? step.previewImages(app, email) : {};
}

module.exports = { isObsolete, prepare, previewImages };
