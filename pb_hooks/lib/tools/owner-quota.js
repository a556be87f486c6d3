/// <reference path="../../../pb_data/types.d.ts" />
// What one account may keep in its workshop tools (readiness assessments,
// business cases, saved use cases), so one account cannot fill the server's
// storage through the collection API. Superusers (the dashboard) are not
// capped. Each refusal is a 400 with a message the portal shows (a device
// keeps the change as failed, with Retry and Discard):
// - RECORDS_PER_OWNER (default 500) records of each tool: a create beyond it;
// - STORAGE_PER_ACCOUNT_KB (default 5120, 5 MB) for every text and JSON field
//   of all three tools together, counted in UTF-8 bytes as stored: a create or
//   an edit that would take the account past it (an edit that shrinks or
//   keeps the size is always taken). Each field has its own limit too (the
//   collections' migrations and the shape checks).
const DEFAULT_RECORDS_PER_OWNER = 500;
const DEFAULT_STORAGE_KB = 5120;
const TOOL_COLLECTIONS = ["readiness_assessments", "business_cases", "saved_use_cases"];
const LABELS = { readiness_assessments: "readiness assessments", business_cases: "business cases", saved_use_cases: "saved use cases" };
const MEASURED_TYPES = ["text", "json", "editor", "url", "email"];

function positiveEnv(name, fallback) {
  const text = ($os.getenv(name) || "").trim();
  const value = /^\d+$/.test(text) ? parseInt(text, 10) : 0;
  return value > 0 ? value : fallback;
}

const recordsPerOwner = () => positiveEnv("RECORDS_PER_OWNER", DEFAULT_RECORDS_PER_OWNER);
const storagePerAccountKb = () => positiveEnv("STORAGE_PER_ACCOUNT_KB", DEFAULT_STORAGE_KB);

/** onRecordCreateRequest: a create beyond RECORDS_PER_OWNER of this tool is refused. @param {core.RecordRequestEvent} e */
function checkOwnerQuota(e) {
  if (e.hasSuperuserAuth()) return e.next();
  const limit = recordsPerOwner();
  const name = e.record.collection().name;
  const owner = e.record.getString("owner");
  const held = e.app.countRecords(name, $dbx.hashExp({ owner: owner }));
  if (held >= limit) {
    throw new BadRequestError(`You can keep at most ${limit} ${LABELS[name] || "records"}. Delete some you no longer need to add more.`);
  }
  return e.next();
}

/** The names of a collection's text-like fields (the id aside). @param {core.Collection} collection */
function measuredFields(collection) {
  const names = [];
  const fields = collection.fields;
  for (let i = 0; i < fields.length; i += 1) {
    const field = fields[i];
    if (field.getName() !== "id" && MEASURED_TYPES.indexOf(field.type()) >= 0) names.push(field.getName());
  }
  return names;
}

/** Bytes the owner's tool records hold, leaving out one record (the one being saved). */
function storedBytes(app, owner, exceptId) {
  let total = 0;
  for (const name of TOOL_COLLECTIONS) {
    const sizes = measuredFields(app.findCachedCollectionByNameOrId(name)).map((field) => `COALESCE(LENGTH(CAST([[${field}]] AS BLOB)), 0)`);
    if (sizes.length === 0) continue;
    const row = new DynamicModel({ bytes: 0 });
    app.db()
      .newQuery(`SELECT COALESCE(SUM(${sizes.join(" + ")}), 0) AS bytes FROM [[${name}]] WHERE [[owner]] = {:owner} AND [[id]] != {:except}`)
      .bind({ owner, except: exceptId || "" })
      .one(row);
    total += row.bytes;
  }
  return total;
}

/** Bytes a record would hold, as stored. @param {core.Record} record */
function recordBytes(record) {
  const { utf8Bytes } = require(`${__hooks}/lib/tools/saved-use-case-shape.js`);
  return measuredFields(record.collection()).reduce((sum, field) => sum + utf8Bytes(record.getString(field)), 0);
}

const sizeText = (kb) => (kb >= 1024 && kb % 1024 === 0 ? `${kb / 1024} MB` : `${kb} KB`);

/**
 * onRecordCreateRequest / onRecordUpdateRequest of the three tools: a save that
 * would take the account's tool records past STORAGE_PER_ACCOUNT_KB is refused.
 * @param {core.RecordRequestEvent} e
 */
function checkStorageQuota(e) {
  if (e.hasSuperuserAuth()) return e.next();
  const limitKb = storagePerAccountKb();
  const owner = e.record.getString("owner");
  const after = recordBytes(e.record);
  const isNew = e.record.isNew();
  const before = isNew ? 0 : recordBytes(e.record.original());
  // An edit that does not grow the record is always taken, so an account over its storage can still tidy up.
  if (!isNew && after <= before) return e.next();
  const total = storedBytes(e.app, owner, isNew ? "" : e.record.id) + after;
  if (total <= limitKb * 1024) return e.next();
  const message = `Not saved: all your workshop tools together can hold ${sizeText(limitKb)}, and this would make it ${Math.ceil(total / 1024)} KB. Delete saved use cases or business cases you no longer need, then try again.`;
  return e.json(400, { status: 400, message, data: {} });
}

module.exports = { checkOwnerQuota, checkStorageQuota, recordsPerOwner, storagePerAccountKb, TOOL_COLLECTIONS };
