/// <reference path="../../../pb_data/types.d.ts" />
// Door passes: a link and a six-digit PIN that open Door Check-in for one
// masterclass and nothing else (collection door_passes, an auth collection
// whose password is the PIN).
//   POST /api/masterclass/admin/door-passes {event, label}   → {id, label, pin, url} (the PIN is shown once)
//   GET  /api/masterclass/admin/door-passes?event=…          → {items: [...]}
//   POST /api/masterclass/admin/door-passes/{id}/revoke       → the pass (every session of it ends at once)
//   POST /api/masterclass/admin/door-passes/{id}/pin          → {id, label, pin, url} (a new PIN; unlocks; ends its sessions)
//   POST /api/masterclass/door/sign-in {pass, pin}            → PocketBase's auth answer {token, record}
// The admin routes are for administrators only. Sign-in answers an unknown
// pass, a revoked one and a wrong PIN alike (401, one message); after
// PIN_FAILURES wrong PINs in a row the pass is locked for LOCK_MINUTES (even
// the right PIN waits), and every client has its own budget of failures
// (lib/core/limits.js doorPinFailures). A pass's token is accepted by the door
// routes for its own masterclass only (lib/checkin/door.js), by the sync pull
// for that masterclass's attendees and check-ins only (pocketbase/syncchanges.go),
// and by nothing else (door-passes.pb.js).

const PIN_FAILURES = 5;
const LOCK_MINUTES = 15;
const LABEL_MAX = 60;
const MAX_BODY_BYTES = 4 * 1024;

const MESSAGES = {
  forbidden: "Only administrators can manage door passes.",
  signIn: "Please sign in as an administrator to manage door passes.",
  label: `Give the door pass a name of 1 to ${LABEL_MAX} characters (for example "North door").`,
  unknown: "There is no door pass with this id.",
  revokedNewPin: "This door pass was revoked: create a new one instead.",
  wrong: "This door link or PIN is not valid. Check the PIN, or ask the organiser for a new link.",
  passMissing: "Open the door link the organiser gave you: it names the door pass.",
  pinShape: "Enter the 6-digit PIN.",
  locked: (minutes) => `This door pass is locked after ${PIN_FAILURES} wrong PINs. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}, or ask the organiser for a new PIN.`,
};

const newPin = () => $security.randomStringWithAlphabet(6, "0123456789");

function findPass(app, id) {
  if (!require(`${__hooks}/lib/core/ids.js`).isRecordId(id)) return null;
  try {
    return app.findRecordById("door_passes", id);
  } catch {
    return null;
  }
}

function passUrl(app, id) {
  return `${require(`${__hooks}/lib/core/links.js`).appUrl(app)}/door/${id}`;
}

function requireAdmin(e) {
  require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, MESSAGES);
}

/** A pass as the administrators' list shows it. @param {core.Record} pass */
function passJson(pass, checkIns) {
  const lockedUntil = pass.getString("locked_until");
  return {
    id: pass.id,
    event: pass.getString("event"),
    label: pass.getString("label"),
    created: pass.getString("created"),
    created_by: pass.getString("created_by"),
    revoked_at: pass.getString("revoked_at"),
    last_used_at: pass.getString("last_used_at"),
    locked_until: lockedUntil && Date.parse(lockedUntil.replace(" ", "T")) > Date.now() ? lockedUntil : "",
    check_ins: checkIns || 0,
  };
}

/** POST /api/masterclass/admin/door-passes @param {core.RequestEvent} e */
function handleCreate(e) {
  const errors = require(`${__hooks}/lib/core/errors.js`);
  return errors.answerRefusals(e, () => {
    requireAdmin(e);
    const body = errors.readJsonObject(e, MAX_BODY_BYTES);
    const event = require(`${__hooks}/lib/checkin/door.js`).namedEvent(e.app, body.event);
    const label = typeof body.label === "string" ? body.label.trim() : "";
    if (label.length < 1 || label.length > LABEL_MAX) throw errors.refusal(400, "label", "invalid", MESSAGES.label);
    const pin = newPin();
    const pass = new Record(e.app.findCachedCollectionByNameOrId("door_passes"));
    pass.set("event", event.id);
    pass.set("label", label);
    // The administrator's account id (a superuser's, from the dashboard).
    pass.set("created_by", e.auth ? e.auth.id : "");
    pass.set("failed_pins", 0);
    pass.setPassword(pin);
    e.app.save(pass);
    return e.json(200, { ...passJson(pass, 0), pin, url: passUrl(e.app, pass.id) });
  });
}

/** GET /api/masterclass/admin/door-passes?event= @param {core.RequestEvent} e */
function handleList(e) {
  const errors = require(`${__hooks}/lib/core/errors.js`);
  return errors.answerRefusals(e, () => {
    requireAdmin(e);
    const event = require(`${__hooks}/lib/checkin/door.js`).namedEvent(e.app, e.request.url.query().get("event"));
    const passes = e.app.findRecordsByFilter("door_passes", "event = {:event}", "-created", 0, 0, { event: event.id });
    const counts = {};
    const rows = arrayOf(new DynamicModel({ door_pass: "", total: 0 }));
    e.app.db().newQuery("SELECT door_pass, COUNT(*) AS total FROM check_ins WHERE event = {:event} AND door_pass != '' GROUP BY door_pass")
      .bind({ event: event.id }).all(rows);
    for (const row of rows) counts[row.door_pass] = row.total;
    const header = e.response.header();
    header.set("Cache-Control", "no-store");
    return e.json(200, { items: passes.map((pass) => passJson(pass, counts[pass.id])) });
  });
}

/** How many check-ins a pass made. */
function checkInsOf(app, passId) {
  const row = new DynamicModel({ total: 0 });
  app.db().newQuery("SELECT COUNT(*) AS total FROM check_ins WHERE door_pass = {:pass}").bind({ pass: passId }).one(row);
  return row.total;
}

function namedPass(e) {
  const pass = findPass(e.app, e.request.pathValue("id"));
  if (!pass) throw require(`${__hooks}/lib/core/errors.js`).refusal(404, "id", "not_found", MESSAGES.unknown);
  return pass;
}

/** POST /api/masterclass/admin/door-passes/{id}/revoke @param {core.RequestEvent} e */
function handleRevoke(e) {
  return require(`${__hooks}/lib/core/errors.js`).answerRefusals(e, () => {
    requireAdmin(e);
    const pass = namedPass(e);
    if (!pass.getString("revoked_at")) {
      pass.set("revoked_at", require(`${__hooks}/lib/core/db-date.js`).dbNow());
      // Every token of the pass stops working at once.
      pass.refreshTokenKey();
      e.app.save(pass);
    }
    return e.json(200, passJson(pass, checkInsOf(e.app, pass.id)));
  });
}

/** POST /api/masterclass/admin/door-passes/{id}/pin @param {core.RequestEvent} e */
function handleNewPin(e) {
  const errors = require(`${__hooks}/lib/core/errors.js`);
  return errors.answerRefusals(e, () => {
    requireAdmin(e);
    const pass = namedPass(e);
    if (pass.getString("revoked_at")) throw errors.refusal(409, "id", "revoked", MESSAGES.revokedNewPin);
    const pin = newPin();
    pass.setPassword(pin);
    // A new PIN is given when the old one may have leaked: the devices signed in with it sign in again.
    pass.refreshTokenKey();
    pass.set("failed_pins", 0);
    pass.set("locked_until", "");
    e.app.save(pass);
    return e.json(200, { ...passJson(pass, checkInsOf(e.app, pass.id)), pin, url: passUrl(e.app, pass.id) });
  });
}

/** Minutes left of a lock (at least 1), or 0 when the pass is not locked. */
function lockMinutesLeft(pass, now) {
  const until = pass.getString("locked_until");
  const ends = until ? Date.parse(until.replace(" ", "T")) : 0;
  return ends > now ? Math.max(1, Math.ceil((ends - now) / 60000)) : 0;
}

/** POST /api/masterclass/door/sign-in {pass, pin} @param {core.RequestEvent} e */
function handleSignIn(e) {
  const errors = require(`${__hooks}/lib/core/errors.js`);
  return errors.answerRefusals(e, () => {
    const body = errors.readJsonObject(e, MAX_BODY_BYTES);
    if (typeof body.pass !== "string" || body.pass === "") throw errors.refusal(400, "pass", "required", MESSAGES.passMissing);
    if (typeof body.pin !== "string" || !/^[0-9]{6}$/.test(body.pin)) throw errors.refusal(400, "pin", "invalid", MESSAGES.pinShape);
    const rateLimit = require(`${__hooks}/lib/core/rate-limit.js`);
    const client = require(`${__hooks}/lib/core/client-key.js`).clientAddress(e);
    // A client that used up its failures is refused before any lookup.
    const exhausted = rateLimit.exhausted(e.app, "doorPinFailures", client);
    if (exhausted) throw exhausted;
    const wrong = () => {
      rateLimit.consume(e.app, "doorPinFailures", client);
      return errors.refusal(401, "pin", "invalid", MESSAGES.wrong);
    };
    const found = findPass(e.app, body.pass);
    if (!found || found.getString("revoked_at")) throw wrong();
    const now = Date.now();
    const lockedFor = lockMinutesLeft(found, now);
    if (lockedFor > 0) throw errors.refusal(429, "pin", "locked", MESSAGES.locked(lockedFor));
    const dbDate = require(`${__hooks}/lib/core/db-date.js`);
    let outcome = "";
    let pass = found;
    // Counted in one transaction: two wrong PINs at once are both counted, and the fifth locks.
    e.app.runInTransaction((txApp) => {
      const record = txApp.findRecordById("door_passes", found.id);
      if (record.getString("revoked_at")) {
        outcome = "wrong";
        return;
      }
      if (lockMinutesLeft(record, now) > 0) {
        outcome = "locked";
        pass = record;
        return;
      }
      if (record.validatePassword(body.pin)) {
        record.set("failed_pins", 0);
        record.set("locked_until", "");
        record.set("last_used_at", dbDate.dbDate(new Date(now)));
        txApp.save(record);
        outcome = "ok";
        pass = record;
        return;
      }
      const failures = record.getInt("failed_pins") + 1;
      if (failures >= PIN_FAILURES) {
        record.set("failed_pins", 0);
        record.set("locked_until", dbDate.dbDate(new Date(now + LOCK_MINUTES * 60000)));
        outcome = "locked";
      } else {
        record.set("failed_pins", failures);
        outcome = "wrong";
      }
      txApp.save(record);
      pass = record;
    });
    if (outcome === "wrong") throw wrong();
    if (outcome === "locked") {
      rateLimit.consume(e.app, "doorPinFailures", client);
      throw errors.refusal(429, "pin", "locked", MESSAGES.locked(lockMinutesLeft(pass, now)));
    }
    return $apis.recordAuthResponse(e, pass, "pin", null);
  });
}

module.exports = { MESSAGES, PIN_FAILURES, LOCK_MINUTES, handleCreate, handleList, handleRevoke, handleNewPin, handleSignIn };
