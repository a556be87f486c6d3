/// <reference path="../../../pb_data/types.d.ts" />
// What an outbox email needs at sending time besides its stored text, from
// the module that owns its template: whether it is still to be sent, its text
// brought up to date and the files it carries. Each such module exports
// `sendingStep` = {handles(template), isObsolete(app, email), prepare(app,
// email, message) → {message, attachments, inline, problems?, afterSent?}} and
// is listed in owners(); delivery
// (lib/email/delivery.js) knows only this list. Several owners may handle one
// template (a confirmation carries a ticket and, to the buyer, a tax
// invoice): each takes its step in the list's order, on the message the one
// before it gave, and their files are put together. The confirmation then
// names the tax invoice it carries by its file's name (withFilesNamed), and
// delivery records every file's name, type and size on the outbox row
// (measuredFiles) for the admin preview. (PocketBase loads modules
// lazily in each of its runtimes, so a step is found by requiring its owner
// here, not by the owner announcing itself when it happens to be loaded.)
// A step that cannot make a file its email can go without (a tax invoice
// beside a ticket) leaves it out and says so in `problems` (sentences), which
// delivery logs once or counts as a failed job run; `afterSent(app)` is what
// it does once the email is sent (queue the file's own email). A step that
// throws stops the email: delivery counts a failed attempt and retries it.

/** The modules whose emails take a step at sending time. */
function owners() {
  return [require(`${__hooks}/lib/tickets/emails.js`), require(`${__hooks}/lib/invoices/emails.js`), require(`${__hooks}/lib/notices/update-email.js`)];
}

function stepsFor(email) {
  const template = email.getString("template");
  return owners().filter((candidate) => candidate.sendingStep.handles(template)).map((owner) => owner.sendingStep);
}

/** Whether the email is no longer to be sent (it is then marked cancelled). @param {core.Record} email */
function isObsolete(app, email) {
  return stepsFor(email).some((step) => step.isObsolete(app, email));
}

/**
 * What goes out: `{message, attachments, inline, problems, afterSent}`, each
 * file name → reader: `attachments` are files offered to keep, `inline` the
 * images the HTML shows by `cid:<file name>` (sent in multipart/related beside
 * the HTML); `problems` the files left out and why, `afterSent` what to do
 * once it is sent.
 * @param {core.Record} email the claimed outbox record
 * @param {{subject: string, html: string, text: string}} message its deliverable text
 */
function prepare(app, email, message) {
  return stepsFor(email).reduce((prepared, step) => {
    const next = step.prepare(app, email, prepared.message);
    return {
      message: next.message,
      attachments: { ...prepared.attachments, ...(next.attachments || {}) },
      inline: { ...prepared.inline, ...(next.inline || {}) },
      problems: [...prepared.problems, ...(next.problems || [])],
      afterSent: next.afterSent ? [...prepared.afterSent, next.afterSent] : prepared.afterSent,
    };
  }, { message, attachments: {}, inline: {}, problems: [], afterSent: [] });
}

// lib/invoices/document.js fileName(): the order's tax invoice
const INVOICE_FILE = /^tax-invoice-[^\s/]+\.pdf$/;
const FILE_TYPES = { pdf: "application/pdf", ics: "text/calendar", png: "image/png" };

/** A file's media type by its name's ending. */
function fileType(name) {
  const ending = String(name).split(".").pop().toLowerCase();
  return FILE_TYPES[ending] || "application/octet-stream";
}

/**
 * The confirmation's words brought in line with the files it carries: when a
 * tax invoice goes with it, the sentence naming it by its file's name follows
 * the line that the calendar file is attached (in the HTML and the text part);
 * without one (a free seat, another attendee's copy, a PDF that could not be
 * made) it says nothing about an invoice. Other messages are returned as they are.
 * @param {string} template
 * @param {{html: string, text: string}} message
 * @param {string[]} names the names of the files attached
 */
function withFilesNamed(template, message, names) {
  const templates = require(`${__hooks}/lib/email/templates.js`);
  const invoice = names.find((name) => INVOICE_FILE.test(name));
  if (template !== templates.TEMPLATES.confirmation || !invoice) return message;
  const sentence = templates.invoiceAttachedSentence(invoice);
  if (String(message.text).includes(sentence)) return message;
  const { paragraphHtml } = require(`${__hooks}/lib/email/layout.js`);
  const calendarHtml = paragraphHtml(templates.CALENDAR_ATTACHED);
  const html = String(message.html);
  const text = String(message.text);
  const calendarText = `${templates.CALENDAR_ATTACHED}\n`;
  // a message written without the calendar's line (none is) is left as it is rather than half changed
  if (!html.includes(calendarHtml) || !text.includes(calendarText)) return message;
  return {
    ...message,
    html: html.replace(calendarHtml, `${calendarHtml}\n${paragraphHtml(sentence)}`),
    text: text.replace(calendarText, `${calendarText}\n${sentence}\n`),
  };
}

/**
 * Each file made for the message read once, to know its size: the files
 * (fresh readers over the same bytes, for the mailer) and their list as the
 * outbox records it, `[{name, type, size, inline}]` (lib/email/delivery.js).
 * @param {{attachments: Record<string, any>, inline: Record<string, any>}} prepared
 */
function measuredFiles(prepared) {
  const list = [];
  const measure = (files, inline) => Object.keys(files).reduce((fresh, name) => {
    const bytes = toBytes(files[name]);
    list.push({ name, type: fileType(name), size: bytes.length, inline });
    fresh[name] = $filesystem.fileFromBytes(bytes, name).reader.open();
    return fresh;
  }, {});
  const attachments = measure(prepared.attachments, false);
  const inline = measure(prepared.inline, true);
  return { attachments, inline, list };
}

/**
 * The images an outbox email's HTML shows by `cid:`, as data: URLs, so the
 * admin preview shows them as the recipient sees them: `{[name]: url}`.
 * @param {core.Record} email
 */
function previewImages(app, email) {
  return stepsFor(email).reduce((images, step) => (step.previewImages ? { ...images, ...step.previewImages(app, email) } : images), {});
}

module.exports = { isObsolete, prepare, previewImages, withFilesNamed, measuredFiles, fileType };
