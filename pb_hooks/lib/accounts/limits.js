/// <reference path="../../../pb_data/types.d.ts" />
// Limits on account routes, kept per account rather than per address, so a
// venue full of attendees on one Wi-Fi signs in freely while one account
// cannot be guessed at or flooded with mail (README "Security"). PocketBase's
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
 * Password sign-in: after too many failures for one identity (existing or
 * not, so the answer reveals nothing) the account refuses sign-ins until the
 * window ends; a success clears the count.
 * @param {core.RecordAuthWithPasswordRequestEvent} e
 */
function limitPasswordSignIn(e) {
  const key = accountKey(e, e.identity);
  const blocked = rateLimit().exhausted(e.app, "signInFailures", key);
  if (blocked) throw new TooManyRequestsError(blocked.message, {});
  try {
    e.next();
  } catch (error) {
    rateLimit().consume(e.app, "signInFailures", key);
    throw error;
  }
  rateLimit().reset(e.app, "signInFailures", key);
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
  limitPasswordSignIn,
  limitPasswordResetMail: (e) => limitAccountMail(e, "passwordResetMails"),
  limitVerificationMail: (e) => limitAccountMail(e, "verificationMails"),
};
