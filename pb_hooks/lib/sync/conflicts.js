/// <reference path="../../../pb_data/types.d.ts" />
// Edits made on two sides at once. A device sends each update of a synced
// record with the version it was edited from: per field, the `sync_seq` of
// the server's row the device held when the user changed that field, in the
// `X-Sync-Versions` header (URI-encoded JSON, {field: number}). The server
// keeps the version at which each field of the row last changed
// (sync_field_versions, written on every save by pocketbase/syncversions.go).
// A field that changed after the version the device edited from, and that
// the device sets to something other than its value now, is a conflict: the
// update is answered 409 naming those fields and nothing is written. Versions,
// not values: a field changed A → B → A since the device's version is a
// conflict too, so a late copy of an edit made before those changes (a tab
// closed while its push was held) cannot bring B back over the user's last save.
//
// The values it was edited from still come in `X-Sync-Base` (URI-encoded
// JSON, {field: value}), the only header an older app version sends: a field
// whose value is no longer the base, set by the device to something else, is
// a conflict too. Fields changed on one side only merge: the device's patch
// carries only its own fields, and the others keep the server's value. An
// update with neither header (an administrator, or a device that chose to
// keep its version) is written as sent. The update rule has already passed
// when this runs (PocketBase checks it before the request hook), so a 409
// tells nothing to someone who may not write the record.
//
// Atomic: the server build (pocketbase/syncupdate.go) runs each update request
// of these collections in one transaction, before any JS handler. It reads the
// row again inside it and puts on it only the fields the request sends, so
// here `e.record.original()` is the row as it is at this moment, `e.record`
// that row with the request's fields, and the field versions read with `e.app`
// are the row's. The comparison below and the save that follows are one
// transaction: two updates sent at once are checked one after the other, each
// against what the other wrote.

/** Collections devices write offline (src/db WritableCollection). */
const WRITABLE_COLLECTIONS = ["users", "readiness_assessments", "business_cases", "saved_use_cases"];
const HEADER_KEY = "x_sync_base";
const VERSIONS_KEY = "x_sync_versions";
/** The header of one record's edit: a generous limit for a few long text fields. */
const MAX_HEADER_LENGTH = 64 * 1024;
/** The versions header: a number per field. */
const MAX_VERSIONS_LENGTH = 8 * 1024;

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

/** The header's JSON object ({field: ...}), or null when it is not one. */
function parseHeader(header) {
  let value;
  try {
    value = JSON.parse(decodeURIComponent(header));
  } catch {
    return null;
  }
  return value && typeof value === "object" && !Array.isArray(value) ? value : null;
}

/** A field a device may name in a base or versions header. */
function editableField(fields, name) {
  const field = fields.getByName(name);
  if (!field || field.hidden || field.system || field.type() === "autodate" || field.type() === "password") return null;
  return field;
}

/** The version at which each field of the row last changed ({field: sync_seq}; absent: not since it was created). */
function fieldVersions(app, record) {
  const rows = arrayOf(new DynamicModel({ field: "", seq: 0 }));
  app.db()
    .newQuery("SELECT field, seq FROM sync_field_versions WHERE collection = {:collection} AND record = {:record}")
    .bind({ collection: record.collection().id, record: record.id })
    .all(rows);
  const versions = {};
  for (const row of rows) versions[row.field] = row.seq;
  return versions;
}

/**
 * onRecordUpdateRequest handler for the writable synced collections.
 * @param {core.RecordRequestEvent} e
 */
function checkUpdateConflict(e) {
  const info = e.requestInfo();
  // Request info keys headers lower-case with "_" for "-".
  const headers = info.headers || {};
  const baseHeader = headers[HEADER_KEY];
  const versionsHeader = headers[VERSIONS_KEY];
  if (!baseHeader && !versionsHeader) return e.next();
  // Outside the transaction the comparison would be with a row read earlier (a stock PocketBase binary).
  if (!e.app.isTransactional()) throw new Error("Sync updates need the server build's update transaction (pocketbase/syncupdate.go).");
  const fields = e.record.collection().fields;

  let base = {};
  if (baseHeader) {
    if (baseHeader.length > MAX_HEADER_LENGTH) {
      return refusal(e, 400, "The sync base is too large.", { base: { code: "sync_base_too_large", message: "The sync base is too large." } });
    }
    base = parseHeader(baseHeader);
    if (!base) {
      return refusal(e, 400, "The sync base is not valid.", { base: { code: "sync_base_invalid", message: "The sync base is not valid." } });
    }
    for (const name of Object.keys(base)) {
      if (!editableField(fields, name)) {
        return refusal(e, 400, `The sync base names an unknown field: ${name}.`, {
          base: { code: "sync_base_unknown_field", message: `Unknown field: ${name}.` },
        });
      }
    }
  }

  let versions = {};
  if (versionsHeader) {
    const invalid = () => refusal(e, 400, "The sync versions are not valid.", {
      versions: { code: "sync_versions_invalid", message: "The sync versions are not valid." },
    });
    if (versionsHeader.length > MAX_VERSIONS_LENGTH) return invalid();
    versions = parseHeader(versionsHeader);
    if (!versions) return invalid();
    for (const name of Object.keys(versions)) {
      if (!editableField(fields, name)) {
        return refusal(e, 400, `The sync versions name an unknown field: ${name}.`, {
          versions: { code: "sync_versions_unknown_field", message: `Unknown field: ${name}.` },
        });
      }
      const version = versions[name];
      if (typeof version !== "number" || !Number.isSafeInteger(version) || version < 0) return invalid();
    }
  }

  const body = info.body || {};
  const original = e.record.original();
  const changedAt = versionsHeader ? fieldVersions(e.app, original) : {};
  const conflicts = {};
  for (const name of new Set([...Object.keys(base), ...Object.keys(versions)])) {
    // Only fields this update writes can conflict.
    if (!(name in body)) continue;
    const field = fields.getByName(name);
    const server = storedValue(original, field);
    // Set to the value it has now: nothing to refuse.
    if (server === storedValue(e.record, field)) continue;
    const changedSinceVersion = name in versions && (changedAt[name] || 0) > versions[name];
    const changedSinceValue = name in base && server !== baseValue(base[name], field);
    if (!changedSinceVersion && !changedSinceValue) continue;
    conflicts[name] = { code: "sync_conflict", message: "Changed on the server since you edited it." };
  }
  const names = Object.keys(conflicts);
  if (names.length === 0) return e.next();
  return refusal(e, 409, `Changed on the server since you edited it: ${names.map(label).join(", ")}.`, conflicts);
}

module.exports = { WRITABLE_COLLECTIONS, checkUpdateConflict, stableStringify };
