/// <reference path="../../../pb_data/types.d.ts" />
// POST /api/masterclass/admin/check-in/push  {event, sent_at, check_ins: [{id, attendee,
//   method, scanned_at, device_name, checked_in_by?, undone_at?, undone_device?, undone_by?}]}
// (administrators' own accounts; lib/checkin/door.js). A door device may change
// hands while offline and sends every check-in waiting on it: checked_in_by and
// undone_by name the administrator who scanned or undid it there, believed only
// when that user is an administrator (otherwise, or when absent, the sender);
// sent_by is always the sender. Stores the device's
// check-ins and undos, in one transaction. A check-in id the server already
// holds for the same attendee is the same check-in sent again (its answer was
// lost): nothing new is made, only an undo it now carries is recorded. Each
// check-in is refused on its own, with a reason, and nothing of it stored: an
// attendee id no attendee has, an attendee of another masterclass, a
// cancelled, waitlisted or otherwise unconfirmed registration, an id already
// used for another attendee, or a malformed field. The answer holds every
// check-in of the attendees concerned (other devices' too: the device sees a
// conflict at once) and the refusals. Conflicts follow lib/checkin/rules.js.
// A door pass (lib/checkin/passes.js) sends for its own masterclass only; its
// check-ins and undos name it (door_pass, undone_door_pass), never a user,
// whatever the device claims. An administrator sending a check-in a door pass
// of the same masterclass made on the device (checked_in_by naming that pass)
// keeps the pass's name on it. A pass revoked while its request was on the
// way stores nothing (the revocation is checked again in the transaction).

const MAX_PUSH = 100;
const MAX_BODY_BYTES = 256 * 1024;
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

const MESSAGES = {
  superuser: "Check attendees in from an administrator's account, so each check-in names who made it.",
  sentAt: "sent_at must be the device's clock when it sent the check-ins (an ISO 8601 date and time).",
  checkIns: `check_ins must be a list of at most ${MAX_PUSH} check-ins.`,
  id: "A check-in's id must be 15 lower-case letters or digits.",
  attendeeId: "The attendee must be given by its id.",
  method: "method must be scan or search.",
  scannedAt: "scanned_at must be a date and time.",
  deviceName: "The device name must be 1 to 60 characters.",
  undoneAt: "undone_at must be a date and time, or empty.",
  duplicate: "The same check-in id appears twice in one request.",
  attendeeUnknown: "No attendee has this id: the check-in was not stored.",
  otherEvent: "This attendee is registered for another masterclass, so they cannot be checked in here.",
  cancelled: "This attendee's registration was cancelled, so they cannot be checked in.",
  passedOn: (name) => `This seat was passed to ${name}, so this attendee cannot be checked in with it.`,
  waitlisted: "This attendee is on the waitlist, not confirmed, so they cannot be checked in.",
  notConfirmed: "This attendee's registration is not confirmed, so they cannot be checked in.",
  idTaken: "This check-in id already belongs to another check-in.",
};

/** A device's date and time in stored form, or null when it is not one (or absurdly far off). */
function deviceDate(value) {
  if (typeof value !== "string" || value.length > 40) return null;
  const parsed = Date.parse(value.replace(" ", "T"));
  if (!Number.isFinite(parsed) || parsed < EARLIEST || parsed > LATEST) return null;
  return require(`${__hooks}/lib/core/db-date.js`).dbDate(new Date(parsed));
}

/** The pushed check-in checked for shape: `{item}` or `{refused: {code, message}}`. */
function readItem(raw) {
  const { isRecordId } = require(`${__hooks}/lib/core/ids.js`);
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return { refused: { code: "invalid", message: MESSAGES.id } };
  if (!isRecordId(raw.id)) return { refused: { code: "invalid", message: MESSAGES.id } };
  if (!isRecordId(raw.attendee)) return { refused: { code: "invalid", message: MESSAGES.attendeeId } };
  if (raw.method !== "scan" && raw.method !== "search") return { refused: { code: "invalid", message: MESSAGES.method } };
  const scannedAt = deviceDate(raw.scanned_at);
  if (!scannedAt) return { refused: { code: "invalid", message: MESSAGES.scannedAt } };
  const deviceName = typeof raw.device_name === "string" ? raw.device_name.trim() : "";
  if (deviceName.length < 1 || deviceName.length > 60) return { refused: { code: "invalid", message: MESSAGES.deviceName } };
  let undoneAt = "";
  if (raw.undone_at !== undefined && raw.undone_at !== null && raw.undone_at !== "") {
    undoneAt = deviceDate(raw.undone_at);
    if (!undoneAt) return { refused: { code: "invalid", message: MESSAGES.undoneAt } };
  }
  const undoneDevice = typeof raw.undone_device === "string" ? raw.undone_device.trim().slice(0, 60) : "";
  // Who scanned and who undid it on the device: only an id is kept here, checked against the administrators in the transaction.
  const checkedInBy = isRecordId(raw.checked_in_by) ? raw.checked_in_by : "";
  const undoneBy = isRecordId(raw.undone_by) ? raw.undone_by : "";
  return { item: { id: raw.id, attendee: raw.attendee, method: raw.method, scannedAt, deviceName, undoneAt, undoneDevice: undoneDevice || deviceName, checkedInBy, undoneBy } };
}

function findOrNull(app, collection, id) {
  try {
    return app.findRecordById(collection, id);
  } catch {
    return null;
  }
}

/**
 * Who holds a seat passed to a colleague now: the row whose `replaces` names
 * it, followed along each colleague who passed it on again; null when the
 * attendee did not pass their seat on.
 * @param {core.App} app @param {core.Record} attendee
 */
function seatHolder(app, attendee) {
  let holder = null;
  let current = attendee;
  const seen = [attendee.id];
  for (let step = 0; step < 20 && current.getString("cancelled_by") === "substitution"; step += 1) {
    const found = app.findRecordsByFilter("attendees", "replaces = {:id}", "-created", 1, 0, { id: current.id });
    if (found.length === 0 || seen.includes(found[0].id)) break;
    holder = found[0];
    seen.push(holder.id);
    if (holder.getString("registration_status") !== "cancelled") break;
    current = holder;
  }
  return holder;
}

/** Why the attendee may not be checked in at `eventId`, or null. @param {core.App} app @param {core.Record | null} attendee */
function attendeeRefusal(app, attendee, eventId) {
  if (!attendee) return { code: "attendee_unknown", message: MESSAGES.attendeeUnknown };
  if (attendee.getString("event") !== eventId) return { code: "other_event", message: MESSAGES.otherEvent };
  const status = attendee.getString("registration_status");
  if (status === "cancelled") {
    // A seat passed to a colleague says who holds it now (the code stays `cancelled`: the row is).
    const holder = seatHolder(app, attendee);
    return { code: "cancelled", message: holder ? MESSAGES.passedOn(holder.getString("full_name")) : MESSAGES.cancelled };
  }
  if (status === "waitlisted") return { code: "waitlisted", message: MESSAGES.waitlisted };
  if (!require(`${__hooks}/lib/tickets/codes.js`).isConfirmed(status)) return { code: "not_confirmed", message: MESSAGES.notConfirmed };
  return null;
}

/**
 * The administrator a device names (who scanned or undid a check-in on it), or
 * the sender when it names no one, or someone who is not an administrator.
 */
function actingAdministrator(txApp, userId, context) {
  if (context.passId) return "";
  if (!userId || userId === context.userId) return context.userId;
  if (!(userId in context.administrators)) {
    const user = findOrNull(txApp, "users", userId);
    context.administrators[userId] = !!user && user.getString("role") === "administrator";
  }
  return context.administrators[userId] ? userId : context.userId;
}

/** The door pass a device names, when it is a pass of this masterclass (cached per request), or "". */
function claimedPass(txApp, id, context) {
  if (!id) return "";
  if (!(id in context.passes)) {
    const pass = findOrNull(txApp, "door_passes", id);
    context.passes[id] = !!pass && pass.getString("event") === context.eventId;
  }
  return context.passes[id] ? id : "";
}

/** Who made (or undid) a check-in: {user, pass}. A pass sending is always the pass; otherwise a pass the device names, or the administrator. */
function actor(txApp, claimed, context) {
  if (context.passId) return { user: "", pass: context.passId };
  const pass = claimedPass(txApp, claimed, context);
  if (pass) return { user: "", pass };
  return { user: actingAdministrator(txApp, claimed, context), pass: "" };
}

/** Stores one pushed check-in (or its undo) in the transaction: null, or why it was refused. */
function storeItem(txApp, item, context) {
  const existing = findOrNull(txApp, "check_ins", item.id);
  if (existing) {
    if (existing.getString("attendee") !== item.attendee || existing.getString("event") !== context.eventId) {
      return { code: "id_taken", message: MESSAGES.idTaken };
    }
    if (item.undoneAt && !existing.getString("undone_at")) {
      const undoneBy = actor(txApp, item.undoneBy, context);
      existing.set("undone_at", item.undoneAt);
      existing.set("undone_by", undoneBy.user);
      existing.set("undone_door_pass", undoneBy.pass);
      existing.set("undone_device", item.undoneDevice);
      txApp.save(existing);
    }
    return null;
  }
  const refusal = attendeeRefusal(txApp, findOrNull(txApp, "attendees", item.attendee), context.eventId);
  if (refusal) return refusal;
  const rules = require(`${__hooks}/lib/checkin/rules.js`);
  const record = new Record(txApp.findCachedCollectionByNameOrId("check_ins"));
  record.set("id", item.id);
  record.set("attendee", item.attendee);
  record.set("event", context.eventId);
  record.set("method", item.method);
  record.set("scanned_at", item.scannedAt);
  record.set("received_at", context.receivedAt);
  record.set("device_clock_offset_ms", context.offsetMs);
  record.set("clock_suspect", context.suspect);
  record.set("ordered_at", rules.orderedAt(item.scannedAt, context.receivedAt, context.suspect));
  record.set("device_name", item.deviceName);
  const checkedInBy = actor(txApp, item.checkedInBy, context);
  record.set("checked_in_by", checkedInBy.user);
  record.set("door_pass", checkedInBy.pass);
  record.set("sent_by", context.userId);
  if (item.undoneAt) {
    const undoneBy = actor(txApp, item.undoneBy, context);
    record.set("undone_at", item.undoneAt);
    record.set("undone_by", undoneBy.user);
    record.set("undone_door_pass", undoneBy.pass);
    record.set("undone_device", item.undoneDevice);
  }
  txApp.save(record);
  return null;
}

/** Applies the conflict rule to one attendee's check-ins, saving those whose flags change, and keeps the attendee's checked_in_at. */
function settleAttendee(txApp, attendeeId) {
  const records = txApp.findRecordsByFilter("check_ins", "attendee = {:attendee}", "", 0, 0, { attendee: attendeeId });
  const settled = require(`${__hooks}/lib/checkin/rules.js`).settleConflicts(records.map((record) => ({
    id: record.id, ordered_at: record.getString("ordered_at"), undone_at: record.getString("undone_at"),
  })));
  for (const record of records) {
    const flags = settled[record.id];
    if (record.getBool("conflict") === flags.conflict && record.getString("conflict_with") === flags.conflict_with) continue;
    record.set("conflict", flags.conflict);
    record.set("conflict_with", flags.conflict_with);
    txApp.save(record);
  }
  // The attendee's own row says whether (and since when) they were let in: their ticket and
  // Your Registration read it (offline too), and the order page. The earliest check-in not undone.
  const admitted = records
    .filter((record) => !record.getString("undone_at"))
    .map((record) => record.getString("ordered_at"))
    .sort()[0] || "";
  const attendee = findOrNull(txApp, "attendees", attendeeId);
  if (attendee && attendee.getString("checked_in_at") !== admitted) {
    attendee.set("checked_in_at", admitted);
    txApp.save(attendee);
  }
}

/** POST /api/masterclass/admin/check-in/push @param {core.RequestEvent} e */
function handlePush(e) {
  return require(`${__hooks}/lib/core/errors.js`).answerRefusals(e, () => {
    const door = require(`${__hooks}/lib/checkin/door.js`);
    door.requireDoorReader(e);
    const { refusal } = require(`${__hooks}/lib/core/errors.js`);
    const pass = door.doorPassOf(e);
    if (!pass && e.auth.collection().name !== "users") throw refusal(403, "auth", "forbidden", MESSAGES.superuser);
    const body = require(`${__hooks}/lib/core/errors.js`).readJsonObject(e, MAX_BODY_BYTES);
    const event = door.namedEvent(e.app, body.event);
    door.requireEventOfPass(e, event);
    const received = new Date();
    const sentAt = typeof body.sent_at === "string" ? Date.parse(body.sent_at.replace(" ", "T")) : Number.NaN;
    if (!Number.isFinite(sentAt)) throw refusal(400, "sent_at", "invalid", MESSAGES.sentAt);
    if (!Array.isArray(body.check_ins) || body.check_ins.length > MAX_PUSH) throw refusal(400, "check_ins", "invalid", MESSAGES.checkIns);
    const rules = require(`${__hooks}/lib/checkin/rules.js`);
    const offsetMs = Math.round(received.getTime() - sentAt);
    const context = {
      eventId: event.id,
      userId: pass ? "" : e.auth.id,
      passId: pass ? pass.id : "",
      /** door pass id → whether a pass of this masterclass (read once per request). */
      passes: {},
      receivedAt: require(`${__hooks}/lib/core/db-date.js`).dbDate(received),
      offsetMs: Math.max(-2147483647, Math.min(2147483647, offsetMs)),
      suspect: rules.clockSuspect(offsetMs),
      /** user id → whether an administrator (read once per request). */
      administrators: {},
    };
    const refused = [];
    const seen = {};
    const items = [];
    for (const raw of body.check_ins) {
      const read = readItem(raw);
      const id = raw && typeof raw.id === "string" ? raw.id.slice(0, 40) : "";
      if (read.refused) refused.push({ id, ...read.refused });
      else if (seen[read.item.id]) refused.push({ id, code: "invalid", message: MESSAGES.duplicate });
      else {
        seen[read.item.id] = true;
        items.push(read.item);
      }
    }
    const attendees = {};
    let revoked = false;
    e.app.runInTransaction((txApp) => {
      if (pass) {
        const current = findOrNull(txApp, "door_passes", pass.id);
        revoked = !current || !!current.getString("revoked_at");
        if (revoked) return;
      }
      for (const item of items) {
        const why = storeItem(txApp, item, context);
        if (why) refused.push({ id: item.id, ...why });
        else attendees[item.attendee] = true;
      }
      for (const attendeeId of Object.keys(attendees)) settleAttendee(txApp, attendeeId);
    });
    if (revoked) throw refusal(401, "auth", "revoked", door.MESSAGES.passRevoked);
    const checkIns = [];
    for (const attendeeId of Object.keys(attendees)) {
      const records = e.app.findRecordsByFilter("check_ins", "attendee = {:attendee}", "ordered_at,id", 0, 0, { attendee: attendeeId });
      for (const record of records) checkIns.push(door.checkInJson(record));
    }
    return e.json(200, {
      received_at: context.receivedAt,
      device_clock_offset_ms: context.offsetMs,
      clock_suspect: context.suspect,
      check_ins: checkIns,
      refused,
    });
  });
}

module.exports = { MESSAGES, MAX_PUSH, handlePush };
