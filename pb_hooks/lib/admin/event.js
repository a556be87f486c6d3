/// <reference path="../../../pb_data/types.d.ts" />
// What the admin area's Event & Promo Codes page may write, checked on the
// record API before anything is saved (pb_hooks/admin-event.pb.js):
//   events      — a capacity below the seats already taken (confirmed
//                 attendees plus seats held by checkouts in progress,
//                 lib/events/capacity.js) is refused, and so is an end before the
//                 start. The check and the save run in one transaction, so a
//                 registration cannot take a seat between them. A published
//                 event with registrations cannot go back to being a draft.
//   promo_codes — from administrators, a code that already exists in any
//                 letter case, max uses below 1 (or below the uses so far)
//                 and an expiry in the past on create are refused with clear
//                 messages; they cannot set the uses so far, nor change a
//                 code or its event once created (deactivate it and create
//                 another); what a code gives and its seat limits are
//                 checked by lib/registration/promo.js termsRefusal.
//                 Superusers (the PocketBase dashboard) get the
//                 collection's own field checks and unique index only.
// Refusals use PocketBase's error shape, {status, message, data: {field: {code, message}}}.

const CODE_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;

const MESSAGES = {
  capacityBelowTaken: (taken) =>
    `Capacity cannot be lower than the ${taken} ${taken === 1 ? "seat" : "seats"} already taken (confirmed attendees, checkouts in progress and seats held for waitlist offers).`,
  capacityInvalid: "Capacity must be a whole number of at least 1.",
  endBeforeStart: "The end must be after the start.",
  codeInvalid: "A promo code is 3 to 64 letters, digits, dashes or underscores.",
  codeExists: (code) => `The promo code ${code} already exists. Codes are matched in any letter case.`,
  codeLocked: "A promo code cannot be renamed. Deactivate it and create a new one.",
  eventLocked: "A promo code's event cannot be changed. Deactivate it and create a new one.",
  maxUsesInvalid: "Max uses must be a whole number of at least 1.",
  maxUsesBelowUsed: (used) => `Max uses cannot be lower than the ${used} ${used === 1 ? "use" : "uses"} so far.`,
  expiryPast: "The expiry must be in the future.",
  unpublishTaken: "This event has registrations, so it cannot go back to being a draft. Set its sales state to Closed instead.",
  usedCountLocked: "Uses so far are counted by the server and cannot be set.",
};

/** A request error in PocketBase's shape about one field (see lib/core/errors.js). */
function fieldRefusal(status, field, code, message) {
  return require(`${__hooks}/lib/core/errors.js`).refusal(status, field, code, message);
}

/** The original value of a field before this request changed it. */
function originalOf(record, name) {
  const original = record.original();
  return original ? original.get(name) : undefined;
}

/** Whether anyone registered (or joined the waitlist) for this event. */
function hasRegistrations(txApp, eventId) {
  const row = new DynamicModel({ found: 0 });
  txApp.db().newQuery("SELECT COUNT(*) AS found FROM (SELECT 1 FROM registrations WHERE event = {:event} LIMIT 1)").bind({ event: eventId }).one(row);
  return row.found > 0;
}

/** Why this event update cannot be saved (read with the transaction's app), or null. */
function eventRefusal(txApp, record) {
  const startsAt = record.getString("starts_at");
  const endsAt = record.getString("ends_at");
  if (startsAt && endsAt && endsAt <= startsAt) {
    return fieldRefusal(400, "ends_at", "end_before_start", MESSAGES.endBeforeStart);
  }
  if (!record.getBool("published") && originalOf(record, "published") === true && hasRegistrations(txApp, record.id)) {
    return fieldRefusal(409, "published", "unpublish_registered", MESSAGES.unpublishTaken);
  }
  const capacity = record.getFloat("capacity");
  if (!Number.isInteger(capacity) || capacity < 1) {
    return fieldRefusal(400, "capacity", "capacity_invalid", MESSAGES.capacityInvalid);
  }
  if (capacity !== Number(originalOf(record, "capacity"))) {
    const taken = require(`${__hooks}/lib/events/capacity.js`).seatsTaken(txApp, record.id);
    if (capacity < taken) {
      return fieldRefusal(409, "capacity", "capacity_below_taken", MESSAGES.capacityBelowTaken(taken));
    }
  }
  return null;
}

/**
 * onRecordUpdateRequest for events: checks, then saves inside the same
 * transaction; a refusal writes nothing.
 * @param {core.RecordRequestEvent} e
 */
function checkEventUpdate(e) {
  const { answerRefusals } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    let refused = null;
    e.app.runInTransaction((txApp) => {
      refused = eventRefusal(txApp, e.record);
      if (refused) return;
      e.app = txApp;
      e.next();
    });
    // Thrown outside the transaction: a request error does not cross it intact.
    if (refused) throw refused;
  });
}

/** The id of another promo code with this code in any letter case, or "". */
function existingCodeId(app, code, exceptId) {
  const row = new DynamicModel({ id: "" });
  try {
    app.db()
      .newQuery("SELECT id FROM promo_codes WHERE code = {:code} COLLATE NOCASE AND id != {:except} LIMIT 1")
      .bind({ code, except: exceptId || "" })
      .one(row);
  } catch {
    return "";
  }
  return row.id;
}

function checkMaxUses(record, usedCount) {
  const maxUses = record.getFloat("max_uses");
  if (!Number.isInteger(maxUses) || maxUses < 1) {
    return fieldRefusal(400, "max_uses", "max_uses_invalid", MESSAGES.maxUsesInvalid);
  }
  if (maxUses < usedCount) {
    return fieldRefusal(400, "max_uses", "max_uses_below_used", MESSAGES.maxUsesBelowUsed(usedCount));
  }
  return null;
}

function checkCode(app, record) {
  const code = record.getString("code").trim();
  record.set("code", code);
  if (!CODE_PATTERN.test(code)) return fieldRefusal(400, "code", "code_invalid", MESSAGES.codeInvalid);
  if (existingCodeId(app, code, record.id)) {
    return fieldRefusal(400, "code", "code_exists", MESSAGES.codeExists(code.toUpperCase()));
  }
  return null;
}

/** Why this new promo code cannot be created by an administrator, or null. */
function promoCreateRefusal(e) {
  const record = e.record;
  const refusedCode = checkCode(e.app, record);
  if (refusedCode) return refusedCode;
  if (record.getFloat("used_count") !== 0) {
    return fieldRefusal(400, "used_count", "used_count_locked", MESSAGES.usedCountLocked);
  }
  // The featured masterclass unless the request names an event.
  if (!record.getString("event")) {
    const event = require(`${__hooks}/lib/events/summary.js`).findEvent(e.app);
    if (event) record.set("event", event.id);
  }
  const refusedMax = checkMaxUses(record, 0);
  if (refusedMax) return refusedMax;
  // What the code gives (free, percent or amount off each seat) and its seat limits.
  const refusedTerms = require(`${__hooks}/lib/registration/promo.js`).termsRefusal(e.app, record, true);
  if (refusedTerms) return refusedTerms;
  const expiresAt = record.getString("expires_at");
  if (expiresAt && expiresAt <= require(`${__hooks}/lib/core/db-date.js`).dbNow()) {
    return fieldRefusal(400, "expires_at", "expiry_past", MESSAGES.expiryPast);
  }
  return null;
}

/** Why this promo code update by an administrator cannot be saved, or null. */
function promoUpdateRefusal(e) {
  const record = e.record;
  const original = record.original();
  if (record.getString("code") !== original.getString("code")) {
    return fieldRefusal(400, "code", "code_locked", MESSAGES.codeLocked);
  }
  if (record.getString("event") !== original.getString("event")) {
    return fieldRefusal(400, "event", "event_locked", MESSAGES.eventLocked);
  }
  if (record.getFloat("used_count") !== original.getFloat("used_count")) {
    return fieldRefusal(400, "used_count", "used_count_locked", MESSAGES.usedCountLocked);
  }
  if (record.getFloat("max_uses") !== original.getFloat("max_uses")) {
    const refusedMax = checkMaxUses(record, original.getInt("used_count"));
    if (refusedMax) return refusedMax;
  }
  return require(`${__hooks}/lib/registration/promo.js`).termsRefusal(e.app, record, false);
}

/** onRecordCreateRequest for promo_codes. @param {core.RecordRequestEvent} e */
function checkPromoCreate(e) {
  if (e.hasSuperuserAuth()) return e.next();
  const { answerRefusals } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    const refused = promoCreateRefusal(e);
    if (refused) throw refused;
    return e.next();
  });
}

/** onRecordUpdateRequest for promo_codes. @param {core.RecordRequestEvent} e */
function checkPromoUpdate(e) {
  if (e.hasSuperuserAuth()) return e.next();
  const { answerRefusals } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    const refused = promoUpdateRefusal(e);
    if (refused) throw refused;
    return e.next();
  });
}

module.exports = { MESSAGES, eventRefusal, checkEventUpdate, checkPromoCreate, checkPromoUpdate };
