/// <reference path="../../../pb_data/types.d.ts" />
// The deliverable copy of an outbox email that carries a working credential
// (invitation link, PocketBase's reset / verification / one-time-code mails).
// Administrators read `emails`, so it holds a redacted copy; the working one
// is kept in `email_secrets`, which only superusers can read (DESIGN decision
// 13), and delivery sends that. Once an SMTP server has accepted the message
// the copy is deleted: the credential then lives in the recipient's mailbox
// and nowhere else. Captured mail (no SMTP) keeps it, so the person running
// the server reads the working links in the dashboard (field `links`).

const COLLECTION = "email_secrets";
const HIDDEN = "[hidden]";
const LINKS_MAX = 20000;

/** The working copy of an outbox email, or null when it carries no secret. */
function findSecret(app, emailId) {
  const found = app.findRecordsByFilter(COLLECTION, "email = {:email}", "", 1, 0, { email: emailId });
  return found.length > 0 ? found[0] : null;
}

function unescapeHtml(value) {
  return value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

/** Every web link of a message, one a line, so a developer copies it from the dashboard instead of reading HTML. */
function linksOf(html, text) {
  const hrefs = (html.match(/href="https?:\/\/[^"]+"/g) || []).map((attribute) => unescapeHtml(attribute.slice(6, -1)));
  const written = text.match(/https?:\/\/[^\s<>"]+/g) || [];
  return [...new Set([...hrefs, ...written])].join("\n").slice(0, LINKS_MAX);
}

/**
 * Stores (or replaces, for a re-queued email) the working copy.
 * @param {core.App} app
 * @param {string} emailId
 * @param {{subject?: string, html: string, text: string}} secret
 * @param {{isNew?: boolean}} [options] isNew: the email was created just now, so it has no copy to replace
 */
function saveSecret(app, emailId, secret, { isNew = false } = {}) {
  const record = (!isNew && findSecret(app, emailId)) || new Record(app.findCachedCollectionByNameOrId(COLLECTION));
  const html = secret.html || "";
  const text = secret.text || "";
  record.load({ email: emailId, subject: secret.subject || "", html, text, links: linksOf(html, text) });
  app.save(record);
  return record;
}

function forgetSecret(app, emailId) {
  const secret = findSecret(app, emailId);
  if (secret) app.delete(secret);
}

/** An invitation link whose token no longer works: /auth?attendeeId=…&email=…&token=[hidden] */
function redactInvitationLink(link) {
  return link.replace(/([?&]token=)[^&#\s]*/g, `$1${HIDDEN}`);
}

/**
 * Masks anything shaped like a credential (a JWT, a token parameter, a long
 * hex string, a one-time code): for text we did not write, such as a
 * PocketBase template's subject, which a superuser may edit in the dashboard.
 */
function maskCredentials(text) {
  return String(text || "")
    .replace(/eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g, HIDDEN)
    .replace(/(token=)[^&#\s"'<]+/gi, `$1${HIDDEN}`)
    .replace(/[0-9a-f]{32,}/gi, HIDDEN)
    .replace(/\d{4,}/g, HIDDEN);
}

module.exports = { HIDDEN, findSecret, saveSecret, forgetSecret, redactInvitationLink, maskCredentials };
