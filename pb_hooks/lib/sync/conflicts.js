/// <reference path="../../../pb_data/types.d.ts" />
// Edits made on two sides at once. A device sends each update of a synced
// record with the values it edited from, in the `X-Sync-Base` header
// (URI-encoded JSON, {field: value}). A field the server changed since that
// base (its value is no longer the base) that the device also changed to
// something else is a conflict: the update is answered 409 naming those
// fields and nothing is written. Fields changed on one side only merge: the
// device's patch carries only its own fields, and the others keep the
// server's value. An update with no base header (an administrator, or a
// device that chose to keep its version) is written as sent. The update rule
// has already passed when this runs (PocketBase checks it before the request
// hook), so a 409 tells nothing to someone who may not write the record.
//
// Atomic: the server build (pocketbase/syncupdate.go) runs each update request
// of these collections in one transaction, before any JS handler. It reads the
// row again inside the transaction and puts on it only the fields the request
// sends, so here `e.record.original()` is the row as it is at this moment, and
// `e.record` that row with the request's fields. The comparison below and the
// save that follows are one transaction: two updates sent at once are checked
// one after the other, each against what the other wrote.

/** Collections devices write offline (src/db WritableCollection). */
const WRITABLE_COLLECTIONS = ["users", "readiness_assessments", "business_cases", "saved_use_cases"];
const HEADER_KEY = "x_sync_base";
/** The header of one record's edit: a generous limit for a few long text fields. */
const MAX_HEADER_LENGTH = 64 * 1024;

/** JSON with object keys sorted, so equal values compare equal as text. */
function stableStringify(value) {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${stableStringify(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value === undefined ? null : value);
}

function isMultiple(field) {
  const type = field.type();
  return (type === "select" || type === "relation" || type === "file") && field.maxSelect > 1;
}

/** A stored field value in one comparable form. */
function storedValue(record, field) {
  const name = field.name;
  switch (field.type()) {
    case "json": {
      const raw = record.getString(name);
      try {
        return stableStringify(raw === "" ? null : JSON.parse(raw));
      } catch {
        return stableStringify(raw);
      }
    }
    case "number":
      return stableStringify(record.getFloat(name));
    case "bool":
      return stableStringify(record.getBool(name));
    default:
      return isMultiple(field) ? stableStringify(record.getStringSlice(name)) : stableStringify(record.getString(name));
  }
}

/** A base value as the device sent it (JSON), in the same form as storedValue. */
function baseValue(value, field) {
  switch (field.type()) {
    case "json":
      return stableStringify(value === undefined || value === "" ? null : value);
    case "number":
      return stableStringify(Number(value) || 0);
    case "bool":
      return stableStringify(value === true || value === "true" || value === 1);
    default:
      if (isMultiple(field)) return stableStringify(Array.isArray(value) ? value.map(String) : value ? [String(value)] : []);
      return stableStringify(value === null || value === undefined ? "" : String(value));
  }
}

function refusal(e, status, message, data) {
  return e.json(status, { status, message, data: data || {} });
}

/** Field names for people: job_title → job title. */
function label(name) {
  return name.replace(/_/g, " ");
}

/**
 * onRecordUpdateRequest handler for the writable synced collections.
 * @param {core.RecordRequestEvent} e
 */
function checkUpdateConflict(e) {
  const info = e.requestInfo();
  // Request info keys headers lower-case with "_" for "-".
  const header = (info.headers || {})[HEADER_KEY];
  if (!header) return e.next();
  // Outside the transaction the comparison would be with a row read earlier (a stock PocketBase binary).
  if (!e.app.isTransactional()) throw new Error("Sync updates need the server build's update transaction (pocketbase/syncupdate.go).");
  if (header.length > MAX_HEADER_LENGTH) {
    return refusal(e, 400, "The sync base is too large.", { base: { code: "sync_base_too_large", message: "The sync base is too large." } });
  }
  let base;
  try {
    base = JSON.parse(decodeURIComponent(header));
  } catch {
    base = null;
  }
  if (!base || typeof base !== "object" || Array.isArray(base)) {
    return refusal(e, 400, "The sync base is not valid.", { base: { code: "sync_base_invalid", message: "The sync base is not valid." } });
  }
  const body = info.body || {};
  const fields = e.record.collection().fields;
  const original = e.record.original();
  const conflicts = {};
  for (const name of Object.keys(base)) {
    const field = fields.getByName(name);
    if (!field || field.hidden || field.system || field.type() === "autodate" || field.type() === "password") {
      return refusal(e, 400, `The sync base names an unknown field: ${name}.`, {
        base: { code: "sync_base_unknown_field", message: `Unknown field: ${name}.` },
      });
    }
    // Only fields this update writes can conflict.
    if (!(name in body)) continue;
    const server = storedValue(original, field);
    if (server === baseValue(base[name], field)) continue;
    if (server === storedValue(e.record, field)) continue;
    conflicts[name] = { code: "sync_conflict", message: "Changed on the server since you edited it." };
  }
  const names = Object.keys(conflicts);
  if (names.length === 0) return e.next();
  return refusal(e, 409, `Changed on the server since you edited it: ${names.map(label).join(", ")}.`, conflicts);
}

module.exports = { WRITABLE_COLLECTIONS, checkUpdateConflict, stableStringify };
