/// <reference path="../../../pb_data/types.d.ts" />
// The emailed sign-in link: the way in for an account whose unknown devices
// are made to wait by someone else's failed passwords (lib/accounts/sign-in-limits.js),
// or for anyone who prefers it to typing a password (docs/security-and-privacy.md
// "Emailed sign-in links").
//
//   POST /api/masterclass/sign-in-link {email}            — ask for a link (public)
//   POST /api/masterclass/sign-in-link/use {id, code}     — sign in with it (public)
//
// Asking never tells whether the address has an account: every well-formed
// request gets the same 202 and body, the route counts it against the limits
// (per client address and per email, counted whether or not the address is
// known) and queues the address in the app store, reading nothing about
// accounts, so its timing says nothing either. The `signInLinks` job (every
// minute) empties the queue: for an address with an account (users only) it
// makes a one-time code in PocketBase's own `_otps` collection (kept hashed,
// never readable through the API, deleted when the password changes) and
// queues the email in the outbox; the outbox copy administrators read has the
// code hidden, the working message is kept in email_secrets. The link is
// {APP_URL}/auth?signin={otp id}&code={code}: 32 random letters and digits,
// so it cannot be guessed, valid LINK_MINUTES minutes.
//
// Using it needs the id and the code: an expired, used or wrong link is one
// answer (400, code sign_in_link_invalid). A link that works signs in
// (PocketBase's auth response, method "otp"), deletes every other link of the
// account (one use) and makes the browser a known device of the account
// (lib/accounts/sign-in-limits.js signedInByLink), so it never waits for
// strangers again. Nothing about the password failures blocks either route.
// PocketBase's own OTP routes stay off (users.otp.enabled is false): they
// return the OTP id to whoever asks, and their per-account lock after five
// wrong codes would let a stranger keep the owner's code from working.

const LINK_MINUTES = 15;
const CODE_LENGTH = 32;
const OTPS = "_otps";
const QUEUE_KEY = "sign-in-links:queue";
const MAX_BODY_BYTES = 4 * 1024;
const ID_PATTERN = /^[A-Za-z0-9]{1,32}$/;
const CODE_PATTERN = /^[A-Za-z0-9]{1,64}$/;

const MESSAGES = {
  accepted: `If an account exists for this email address, we will email you a sign-in link within a minute. It works once, for ${LINK_MINUTES} minutes.`,
  invalid: "This sign-in link is not valid or has expired. Ask for a new one.",
};

/**
 * POST /api/masterclass/sign-in-link {email}: the same 202 for every
 * well-formed address; the job sends the link.
 * @param {core.RequestEvent} e
 */
function handleLinkRequest(e) {
  return require(`${__hooks}/lib/accounts/address-requests.js`).answerAddressRequest(e, {
    queueKey: QUEUE_KEY,
    perClient: "signInLinksPerClient",
    perEmail: "signInLinksPerEmail",
    accepted: MESSAGES.accepted,
    what: "Sign-in link",
  });
}

/** {APP_URL}/auth?signin={id}&code={code} */
function linkUrl(app, otpId, code) {
  const { appUrl } = require(`${__hooks}/lib/core/links.js`);
  return `${appUrl(app)}/auth?signin=${encodeURIComponent(otpId)}&code=${encodeURIComponent(code)}`;
}

/**
 * Makes a link for the account with this address, if there is one, and
 * queues its email. Returns the outbox email's id, or "" when there is no
 * account.
 */
function sendLinkTo(app, email) {
  const user = require(`${__hooks}/lib/accounts/accounts.js`).findUserByEmail(app, email);
  if (!user) return "";
  const code = $security.randomString(CODE_LENGTH);
  let emailId = "";
  app.runInTransaction((txApp) => {
    const otp = new Record(txApp.findCachedCollectionByNameOrId(OTPS));
    otp.set("collectionRef", user.collection().id);
    otp.set("recordRef", user.id);
    otp.set("sentTo", user.email());
    otp.set("password", code);
    txApp.save(otp);
    const message = require(`${__hooks}/lib/email/templates.js`).signInLinkEmail({
      fullName: user.getString("full_name"),
      email: user.email(),
      link: linkUrl(txApp, otp.id, code),
      minutes: LINK_MINUTES,
    });
    const queued = require(`${__hooks}/lib/email/outbox.js`).saveOutboxEmail(txApp, {
      to: user.email(),
      subject: message.subject,
      html: message.html,
      text: message.text,
      template: message.template,
      secret: message.secret,
    });
    emailId = queued.id;
  });
  require(`${__hooks}/lib/email/delivery.js`).deliverEmail(app, emailId);
  return emailId;
}

/** The cron: every address asked for since the last run. Returns how many links were sent. */
function processLinkRequests(app) {
  const waiting = require(`${__hooks}/lib/accounts/address-requests.js`).takeQueue(app, QUEUE_KEY);
  let sent = 0;
  const failures = [];
  waiting.forEach((email) => {
    try {
      if (sendLinkTo(app, email)) sent += 1;
    } catch (error) {
      failures.push(require(`${__hooks}/lib/core/errors.js`).describeError(error));
    }
  });
  // one address's fault never stops the others; the job reports them (without the addresses)
  if (failures.length > 0) throw new Error(`${failures.length} of ${waiting.length} sign-in links failed: ${failures[0]}`);
  return sent;
}

function findOtp(app, id) {
  try {
    return app.findRecordById(OTPS, id);
  } catch {
    return null;
  }
}

function findUser(app, id) {
  try {
    return app.findRecordById("users", id);
  } catch {
    return null;
  }
}

/** Whether a stored link is older than LINK_MINUTES. */
function expired(otp) {
  const created = otp.getDateTime("created");
  return created.isZero() || Date.now() - created.time().unixMilli() > LINK_MINUTES * 60 * 1000;
}

/**
 * POST /api/masterclass/sign-in-link/use {id, code}: signs in with a link
 * that works, once.
 * @param {core.RequestEvent} e
 */
function handleLinkUse(e) {
  const { answerRefusals, readJsonObject, refusal } = require(`${__hooks}/lib/core/errors.js`);
  const invalid = () => refusal(400, "code", "sign_in_link_invalid", MESSAGES.invalid);
  let user = null;
  const refused = answerRefusals(e, () => {
    const body = readJsonObject(e, MAX_BODY_BYTES);
    const id = typeof body.id === "string" ? body.id.trim() : "";
    const code = typeof body.code === "string" ? body.code.trim() : "";
    if (!ID_PATTERN.test(id) || !CODE_PATTERN.test(code)) throw invalid();
    const otp = findOtp(e.app, id);
    const users = e.app.findCachedCollectionByNameOrId("users");
    if (!otp || otp.getString("collectionRef") !== users.id || expired(otp)) throw invalid();
    // the hash is checked outside the transaction (it is slow), then the link is taken in one
    if (!otp.validatePassword(code)) throw invalid();
    let taken = false;
    e.app.runInTransaction((txApp) => {
      const current = findOtp(txApp, id);
      if (!current) return;
      const owner = findUser(txApp, current.getString("recordRef"));
      if (!owner) return;
      // one use: this link and every other link of the account
      txApp.findAllRecords(OTPS, $dbx.hashExp({ collectionRef: users.id, recordRef: owner.id })).forEach((row) => txApp.delete(row));
      user = owner;
      taken = true;
    });
    if (!taken) throw invalid();
    return null;
  });
  if (!user) return refused;
  require(`${__hooks}/lib/accounts/sign-in-limits.js`).signedInByLink(e, user);
  e.response.header().set("Cache-Control", "no-store");
  return $apis.recordAuthResponse(e, user, "otp", null);
}

/**
 * On every boot: PocketBase's hourly clean-up deletes a collection's OTPs
 * older than its otp.duration, so the users collection's is the link's
 * lifetime (its OTP routes stay off). Saved only when it changed.
 * @param {core.App} app
 */
function applySignInLinkSettings(app) {
  const users = app.findCollectionByNameOrId("users");
  if (users.otp.duration === LINK_MINUTES * 60) return false;
  users.otp.duration = LINK_MINUTES * 60;
  app.save(users);
  return true;
}

module.exports = { LINK_MINUTES, applySignInLinkSettings, MESSAGES, handleLinkRequest, processLinkRequests, handleLinkUse };
