/// <reference path="../../../pb_data/types.d.ts" />
// Limits on account mails, kept per account rather than per address, so a
// venue full of attendees on one Wi-Fi asks freely while one account cannot
// be flooded with mail (README "Security"). Failed sign-ins: sign-in-limits.js. PocketBase's
// own "one reset mail per two minutes" marker is set only after the mail went
// out, so concurrent requests slip past it; the counter here does not.

function rateLimit() {
  return require(`${__hooks}/lib/core/rate-limit.js`);
}

/** "users:ada@example.com": one counter per auth collection and identity. */
function accountKey(e, identity) {
  return `${e.collection.name}:${String(identity || "").trim().toLowerCase()}`;
}

/**
 * Reset and verification mails: past the limit for one account the request
 * is answered like any other (204) but nothing is sent, so the answer never
 * tells whether the account exists.
 * @param {string} name the rate in lib/core/limits.js
 */
function limitAccountMail(e, name) {
  const refused = e.record ? rateLimit().consume(e.app, name, accountKey(e, e.record.email())) : null;
  if (!refused) return e.next();
  e.app.logger().warn("Account mail not sent: limit reached", "collection", e.collection.name, "limit", name);
  return e.noContent(204);
}

module.exports = {
  limitPasswordResetMail: (e) => limitAccountMail(e, "passwordResetMails"),
  limitVerificationMail: (e) => limitAccountMail(e, "verificationMails"),
};
