/// <reference path="../../../pb_data/types.d.ts" />
// Invitation tokens: HMAC-SHA256 of `${attendeeId}:${email lower-cased}` with
// the installation's secret (app_secrets 'invitation_token', created once by a
// migration). A link only works for the attendee and address it was made for.

const SECRET_NAME = "invitation_token";

function payload(attendeeId, email) {
  return `${attendeeId}:${String(email).trim().toLowerCase()}`;
}

/** @param {core.App} app */
function invitationSecret(app) {
  return require(`${__hooks}/lib/core/app-secrets.js`).appSecret(app, SECRET_NAME);
}

/**
 * @param {core.App} app
 * @param {string} attendeeId
 * @param {string} email
 * @returns {string} hex HMAC
 */
function invitationToken(app, attendeeId, email) {
  return $security.hs256(payload(attendeeId, email), invitationSecret(app));
}

/** Constant-time check of a token from a link. */
function verifyInvitationToken(app, attendeeId, email, token) {
  if (!attendeeId || !email || typeof token !== "string" || token === "") return false;
  return $security.equal(invitationToken(app, attendeeId, email), token);
}

module.exports = { invitationToken, verifyInvitationToken };
