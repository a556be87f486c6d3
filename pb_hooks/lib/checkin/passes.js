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
//
// A pass's session ends. It begins at a PIN sign-in (session_started_at) and
// ends SESSION_DAYS later or when the masterclass's door closes (the end of
// the day after the masterclass ends, in its time zone), whichever comes
// first. Every token of the pass expires by then (a token shorter than the
// collection's two days is given near the end), the token refresh answers 401
// "ended" after it (door-passes.pb.js), and after the door closes the PIN
// opens nothing (403). Devices that sign in while a session runs join it; a
// sign-in after it ended starts the next one, and tokens of the old one stop
// at once. A new PIN ends the session.

const PIN_FAILURES = 5;
/** A session lasts at most this long after the PIN sign-in that began it. */
const SESSION_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
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
  sessionEnded: `This door pass's session has ended: a session lasts ${SESSION_DAYS} days from its PIN. Enter the PIN again, or ask the organiser for a new pass.`,
  doorClosed: (day) => `This door pass has ended: its masterclass ended on ${day}, and door passes work until the end of the next day. Ask the organiser if people still need checking in.`,
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

/** A PocketBase date as milliseconds, or 0 when empty. */
function dateMs(value) {
  const ms = value ? Date.parse(String(value).replace(" ", "T")) : NaN;
  return isNaN(ms) ? 0 : ms;
}

/**
 * When the masterclass's door closes for its passes: midnight at the end of
 * the day after the masterclass ends, in the event's time zone.
 * @param {core.Record} event
 * @returns {number} milliseconds
 */
function doorClosesAt(event) {
  const { parseUtc, zoneOffset } = require(`${__hooks}/lib/events/format.js`);
  const zone = event.getString("timezone");
  const end = parseUtc(event.getString("ends_at"));
  const local = new Date(end.getTime() + zoneOffset(zone, end).minutes * MINUTE_MS);
  // That midnight's wall clock read as UTC, then moved by the zone's offset at that moment
  // (asked twice: the offset just before a daylight-saving change may differ from the one after).
  const wall = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 2);
  const first = wall - zoneOffset(zone, new Date(wall)).minutes * MINUTE_MS;
  return wall - zoneOffset(zone, new Date(first)).minutes * MINUTE_MS;
}

/** When the door of a pass's masterclass closes (0 when the masterclass is gone). */
function passDoorClosesAt(app, pass) {
  try {
    return doorClosesAt(app.findRecordById("events", pass.getString("event")));
  } catch {
    // The relation cascades: a pass without its masterclass does not outlive it.
    return 0;
  }
}

/**
 * When a pass's session ends and why, from the database as it is now (so a
 * changed masterclass end counts at the next refresh). A pass without a
 * session (never signed in, or given a new PIN) has ended.
 * @param {core.App} app
 * @param {core.Record} pass
 * @returns {{endsAt: number, reason: "session"|"door_closed"}}
 */
function sessionEnd(app, pass) {
  const started = dateMs(pass.getString("session_started_at"));
  const bySignIn = started ? started + SESSION_DAYS * DAY_MS : 0;
  const byDoor = passDoorClosesAt(app, pass);
  return byDoor <= bySignIn ? { endsAt: byDoor, reason: "door_closed" } : { endsAt: bySignIn, reason: "session" };
}

/** The words for an ended session. */
function endedMessage(app, pass, reason) {
  if (reason !== "door_closed") return MESSAGES.sessionEnded;
  try {
    const event = app.findRecordById("events", pass.getString("event"));
    return MESSAGES.doorClosed(require(`${__hooks}/lib/events/format.js`).formatDate(event.getString("ends_at"), event.getString("timezone")));
  } catch {
    return MESSAGES.doorClosed("its day");
  }
}

/** The answer for an ended session (the refresh: 401; a PIN after the door closed: 403). */
function endedAnswer(e, status, message) {
  return e.json(status, { status, message, data: { pass: { code: "door_pass_ended", message } } });
}

/**
 * onRecordAuthRefreshRequest of door_passes: a session that has ended is
 * refreshed no more (401 with the reason and what to do).
 * @param {core.RecordAuthRefreshRequestEvent} e
 */
function handleRefresh(e) {
  const pass = e.record;
  const { endsAt, reason } = sessionEnd(e.app, pass);
  if (Date.now() >= endsAt) return endedAnswer(e, 401, endedMessage(e.app, pass, reason));
  return e.next();
}

/**
 * onRecordAuthRequest of door_passes (the PIN sign-in and the refresh): a
 * token never outlives the session. Closer to its end than the collection's
 * token lasts, the token given lasts exactly to the end (and is not
 * refreshable: there is nothing left to extend).
 * @param {core.RecordAuthRequestEvent} e
 */
function capToken(e) {
  const { endsAt } = sessionEnd(e.app, e.record);
  const left = endsAt - Date.now();
  if (left <= 0) throw new UnauthorizedError(MESSAGES.sessionEnded);
  if (left < e.record.collection().authToken.duration * 1000) {
    // time.Duration: nanoseconds.
    e.token = e.record.newStaticAuthToken(left * 1000000);
  }
  return e.next();
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
    pass.set("session_started_at", "");
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
        pass = record;
        // After the door closed the right PIN opens nothing, and changes nothing.
        if (now >= passDoorClosesAt(txApp, record)) {
          outcome = "ended";
          return;
        }
        record.set("failed_pins", 0);
        record.set("locked_until", "");
        record.set("last_used_at", dbDate.dbDate(new Date(now)));
        const started = dateMs(record.getString("session_started_at"));
        if (!started || now >= started + SESSION_DAYS * DAY_MS) {
          // A new session: the tokens of the one that ended stop at once.
          record.set("session_started_at", dbDate.dbDate(new Date(now)));
          if (started) record.refreshTokenKey();
        }
        txApp.save(record);
        outcome = "ok";
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
    if (outcome === "ended") return endedAnswer(e, 403, endedMessage(e.app, pass, "door_closed"));
    if (outcome === "locked") {
      rateLimit.consume(e.app, "doorPinFailures", client);
      throw errors.refusal(429, "pin", "locked", MESSAGES.locked(lockMinutesLeft(pass, now)));
    }
    return $apis.recordAuthResponse(e, pass, "pin", null);
  });
}

module.exports = {
  MESSAGES, PIN_FAILURES, LOCK_MINUTES, SESSION_DAYS, doorClosesAt, sessionEnd, handleRefresh, capToken, handleCreate, handleList, handleRevoke, handleNewPin, handleSignIn };
