/// <reference path="../../../pb_data/types.d.ts" />
// Failed password sign-ins, counted so that nobody can lock someone else out
// (every auth collection, superusers included; docs/security-and-privacy.md
// "Failed sign-ins"):
// - per account AND client: after RATE_LIMIT_SIGN_IN_FAILURES failures (10 in
//   15 minutes) that client may not sign in to that account until the window
//   ends, even with the right password. A client is the device when it holds
//   this account's device cookie, else its address (e.realIP(), which honours
//   TRUSTED_PROXY_HEADERS);
// - per account across clients: after RATE_LIMIT_SIGN_IN_DELAY's first number
//   of failures (5) every further one makes the account wait 1, 2, 4 … seconds,
//   at most its second number (30), before the next attempt from a client it
//   does not know; an account's failures are forgotten 15 minutes after the
//   last one. Devices that signed in to the account before (the signed cookie
//   set at each successful password sign-in) never wait for strangers;
// - a success clears the client's count and the account's wait; confirming a
//   password reset (the emailed link) clears the account's wait and the
//   confirming address's lock, and makes that browser a known device;
// - signing in with an emailed sign-in link (lib/accounts/sign-in-link.js)
//   clears the lock of the address that used it and makes that browser a
//   known device, so it never waits for strangers; the account's count of
//   failures is kept (clearing it would hand whoever keeps failing five free
//   guesses again).
// Administrators see the decisions (security_events, the admin overview's
// "Sign-in lock-outs"): one row when a client reaches the lock and one when an
// account starts making unknown devices wait, never one per attempt; writing
// it never changes the answer (a failure is logged).

const DEVICE_COOKIE_PREFIX = "mc_device_";
const DEVICE_COOKIE_PATH = "/api/collections/";
const DEVICE_DAYS = 180;
const DEVICE_SECRET = "sign_in_device_token";
const DELAY_PREFIX = "signin-delay:";
const SAME_SITE_STRICT = 3; // net/http SameSiteStrictMode
const EVENTS = "security_events";
const KNOWN_DEVICE = "a known device";
const ACCOUNT_MAX = 320; // security_events.account

function limits() {
  return require(`${__hooks}/lib/core/limits.js`);
}

function rateLimit() {
  return require(`${__hooks}/lib/core/rate-limit.js`);
}

/** "users:ada@example.com": one account per auth collection and identity (existing or not). */
function accountKey(collectionName, identity) {
  return `${collectionName}:${String(identity || "").trim().toLowerCase()}`;
}

function minutesText(seconds) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

const MESSAGES = {
  delayed: (seconds) => `Too many attempts for this account. Please try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`,
  locked: (seconds) =>
    `Too many failed sign-ins from this device. Please try again in ${minutesText(seconds)}, or reset your password by email to sign in straight away.`,
};

// ---- the device cookie ------------------------------------------------------

function deviceSignature(app, record, issuedAt, nonce) {
  const key = require(`${__hooks}/lib/core/app-secrets.js`).appSecret(app, DEVICE_SECRET);
  return $security.hs256(`sign-in-device:${record.collection().id}:${record.id}:${issuedAt}:${nonce}`, key);
}

function cookieValue(e, name) {
  // requestInfo(): auth events do not expose e.request itself
  const header = String(e.requestInfo().headers.cookie || "");
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return "";
}

/**
 * The request's device id for `record` when it carries a valid, unexpired
 * device cookie for that very account, else "".
 * @param {core.RequestEvent} e
 * @param {core.Record | null | undefined} record
 */
function knownDevice(e, record) {
  if (!record) return "";
  const match = /^(\d{1,12})\.([A-Za-z0-9]{16})\.([0-9a-f]{64})$/.exec(cookieValue(e, DEVICE_COOKIE_PREFIX + record.id));
  if (!match) return "";
  if (Date.now() / 1000 - Number(match[1]) > DEVICE_DAYS * 86400) return "";
  return $security.equal(deviceSignature(e.app, record, match[1], match[2]), match[3]) ? match[2] : "";
}

/**
 * Marks this browser as a device of `record`'s account: an HttpOnly cookie
 * sent only to the auth routes. Must run before the response is written.
 * @param {core.RequestEvent} e
 * @param {core.Record} record
 */
function rememberDevice(e, record) {
  const issuedAt = String(Math.floor(Date.now() / 1000));
  const nonce = $security.randomString(16);
  e.setCookie(
    new Cookie({
      name: DEVICE_COOKIE_PREFIX + record.id,
      value: `${issuedAt}.${nonce}.${deviceSignature(e.app, record, issuedAt, nonce)}`,
      path: DEVICE_COOKIE_PATH,
      maxAge: DEVICE_DAYS * 86400,
      httpOnly: true,
      secure: String(e.app.settings().meta.appURL).startsWith("https://"),
      sameSite: SAME_SITE_STRICT,
    }),
  );
}

// ---- the counters -------------------------------------------------------------

/** Who is trying: the account, and the client (its device for this account, else its address). */
function attemptOf(e, collectionName, identity, record) {
  const account = accountKey(collectionName, identity);
  const device = knownDevice(e, record);
  const address = device ? "" : require(`${__hooks}/lib/core/client-key.js`).clientAddress(e);
  const client = device ? `device:${device}` : `ip:${address}`;
  return {
    account,
    device,
    clientKey: `${account}|${client}`,
    // what an administrator reads (security_events)
    collectionName,
    identity: String(identity || "").trim().toLowerCase().slice(0, ACCOUNT_MAX),
    clientLabel: device ? KNOWN_DEVICE : address,
  };
}

/** The account's failures and when a client it does not know may try again (ms), or null when limits are off. */
function accountWait(app, account, now) {
  const delay = limits().rate("signInDelay");
  const window = limits().rate("signInFailures");
  if (!delay || !window) return null;
  const [count, last] = String(app.store().get(DELAY_PREFIX + account) || "").split("|").map(Number);
  if (!count || now - last >= window.seconds * 1000) return { count: 0, waitUntil: 0 };
  const seconds = count > delay.max ? Math.min(Math.pow(2, count - delay.max - 1), delay.seconds) : 0;
  return { count, waitUntil: last + seconds * 1000 };
}

/**
 * Why this attempt is refused before the password is checked, or null.
 * @returns {{ status: number, message: string, code: string, retryAfterSeconds: number } | null}
 */
function refusalBefore(e, attempt) {
  const locked = rateLimit().exhausted(e.app, "signInFailures", attempt.clientKey);
  if (locked) {
    return { status: 429, code: "sign_in_locked", retryAfterSeconds: locked.retryAfterSeconds, message: MESSAGES.locked(locked.retryAfterSeconds) };
  }
  if (attempt.device) return null;
  const now = Date.now();
  const wait = accountWait(e.app, attempt.account, now);
  if (!wait || wait.waitUntil <= now) return null;
  const seconds = Math.max(1, Math.ceil((wait.waitUntil - now) / 1000));
  return { status: 429, code: "sign_in_delayed", retryAfterSeconds: seconds, message: MESSAGES.delayed(seconds) };
}

/**
 * One decision an administrator should see, as a security_events row. Never
 * throws: the sign-in's answer is the same whether or not the row is written.
 * @param {core.App} app
 * @param {ReturnType<typeof attemptOf>} attempt
 * @param {"sign_in_locked" | "sign_in_slowed"} kind
 * @param {number} until ms
 * @param {number} failures
 */
function writeDecision(app, attempt, kind, until, failures) {
  try {
    const record = new Record(app.findCollectionByNameOrId(EVENTS));
    record.set("kind", kind);
    record.set("collection", attempt.collectionName);
    record.set("account", attempt.identity);
    record.set("client", attempt.clientLabel || "unknown");
    record.set("until", require(`${__hooks}/lib/core/db-date.js`).dbDate(new Date(until)));
    record.set("failures", failures);
    app.save(record);
  } catch (error) {
    app.logger().error("Could not record a sign-in decision", "kind", kind, "collection", attempt.collectionName, "error", String(error));
  }
}

/**
 * Counts a failure for the client and (unless it is a known device) the
 * account. The failure that locks the client, and the one that starts the
 * account's wait within its window, each write one row for administrators.
 */
function recordFailure(app, attempt) {
  const counted = rateLimit().count(app, "signInFailures", attempt.clientKey);
  if (counted && counted.reached) writeDecision(app, attempt, "sign_in_locked", counted.endsAt, counted.count);
  const delay = limits().rate("signInDelay");
  if (attempt.device || !delay) return;
  const window = limits().rate("signInFailures");
  const now = Date.now();
  let failures = 0;
  app.store().setFunc(DELAY_PREFIX + attempt.account, (old) => {
    const [count, last] = String(old || "").split("|").map(Number);
    const current = count && window && now - last < window.seconds * 1000 ? count : 0;
    failures = current + 1;
    return `${failures}|${now}`;
  });
  // the first failure past the free ones: from now on unknown devices wait, until the failures are forgotten
  if (window && failures === delay.max + 1) writeDecision(app, attempt, "sign_in_slowed", now + window.seconds * 1000, failures);
}

function clearAccount(app, account) {
  app.store().remove(DELAY_PREFIX + account);
}

/** The refusal as PocketBase's error shape, with Retry-After. */
function answerRefusal(e, refused) {
  (e.response || e.requestEvent.response).header().set("Retry-After", String(refused.retryAfterSeconds));
  return e.json(refused.status, {
    status: refused.status,
    message: refused.message,
    data: { identity: { code: refused.code, message: refused.message } },
  });
}

/**
 * onRecordAuthWithPasswordRequest: refuses a locked or waiting attempt before
 * the password is checked (nothing counted), counts a failure, clears on success.
 * @param {core.RecordAuthWithPasswordRequestEvent} e
 */
function limitPasswordSignIn(e) {
  const attempt = attemptOf(e, e.collection.name, e.identity, e.record);
  const refused = refusalBefore(e, attempt);
  if (refused) return answerRefusal(e, refused);
  try {
    e.next();
  } catch (error) {
    recordFailure(e.app, attempt);
    throw error;
  }
  rateLimit().reset(e.app, "signInFailures", attempt.clientKey);
  clearAccount(e.app, attempt.account);
}

/**
 * Another password check (deleting the account): the same counters as a
 * sign-in. Returns the refusal to throw (a request error), or null when the
 * password is right.
 * @param {core.RequestEvent} e
 * @param {core.Record} user
 * @param {string} password
 * @param {() => Error} wrongPassword the refusal for a wrong password
 */
function checkPassword(e, user, password, wrongPassword) {
  const attempt = attemptOf(e, user.collection().name, user.email(), user);
  const refused = refusalBefore(e, attempt);
  if (refused) {
    return require(`${__hooks}/lib/core/errors.js`).refusal(refused.status, "password", refused.code, refused.message);
  }
  if (!user.validatePassword(password)) {
    recordFailure(e.app, attempt);
    return wrongPassword();
  }
  rateLimit().reset(e.app, "signInFailures", attempt.clientKey);
  return null;
}

/**
 * onRecordAuthRequest: a successful password sign-in makes this browser a
 * known device of the account.
 * @param {core.RecordAuthRequestEvent} e
 */
function rememberSignInDevice(e) {
  if (e.authMethod === "password" && e.record) rememberDevice(e, e.record);
  return e.next();
}

/**
 * onRecordConfirmPasswordResetRequest: the emailed link is the way back into
 * a locked account. The browser that confirms becomes a known device, and the
 * account's wait and its address's lock are cleared.
 * @param {core.RecordConfirmPasswordResetRequestEvent} e
 */
function unlockByPasswordReset(e) {
  rememberDevice(e, e.record);
  e.next();
  const attempt = attemptOf(e, e.collection.name, e.record.email(), null);
  rateLimit().reset(e.app, "signInFailures", attempt.clientKey);
  clearAccount(e.app, attempt.account);
}

/**
 * A sign-in with an emailed sign-in link (the route checked it): this browser
 * becomes a known device of the account, and the address's lock for the
 * account is cleared. The account's failures are kept. Before the response.
 * @param {core.RequestEvent} e
 * @param {core.Record} record
 */
function signedInByLink(e, record) {
  rememberDevice(e, record);
  const attempt = attemptOf(e, record.collection().name, record.email(), null);
  rateLimit().reset(e.app, "signInFailures", attempt.clientKey);
}

/** The cron: drops account waits whose failures are forgotten. */
function pruneAccountWaits(app) {
  const window = limits().rate("signInFailures");
  const now = Date.now();
  const all = app.store().getAll();
  let removed = 0;
  Object.keys(all).forEach((key) => {
    if (!key.startsWith(DELAY_PREFIX)) return;
    const last = Number(String(all[key]).split("|")[1]) || 0;
    if (!window || now - last >= window.seconds * 1000) {
      app.store().remove(key);
      removed += 1;
    }
  });
  return removed;
}

module.exports = {
  MESSAGES,
  DEVICE_COOKIE_PREFIX,
  limitPasswordSignIn,
  checkPassword,
  rememberSignInDevice,
  unlockByPasswordReset,
  signedInByLink,
  pruneAccountWaits,
};
