/// <reference path="../../../pb_data/types.d.ts" />
// Tombstones for synced collections: deleting a record also writes (or
// refreshes) a `tombstones` row in the same transaction, and so does an
// owner-scoped row moving to another account (a tombstone for the account it
// left) or an attendee row moving to another masterclass (one for the doors of
// the masterclass it left). Each takes a number of the sync sequence (its
// trigger), so a device pulling GET /api/sync/changes drops the record from
// IndexedDB. Attendee and check-in tombstones name their masterclass (`event`,
// hidden): a door pass reads only its own masterclass's.

// Collections devices keep (the PWA and the door), each owned one with the field naming
// its user: the tombstone's owner is set from it, so only that user can read it.
const SHARED_COLLECTIONS = ["events", "speakers", "materials", "ai_use_cases", "check_ins"];
const OWNER_FIELDS = {
  readiness_assessments: "owner",
  business_cases: "owner",
  saved_use_cases: "owner",
  attendees: "user",
  users: "id",
};
const SYNCED_COLLECTIONS = [...SHARED_COLLECTIONS, ...Object.keys(OWNER_FIELDS)];
// owner-scoped collections whose owner field can change
/** The owner of an account-less attendee row's tombstone (not an account id: 15 characters are). */
const DOOR_OWNER = "door";

const MOVABLE_COLLECTIONS = Object.keys(OWNER_FIELDS).filter((name) => OWNER_FIELDS[name] !== "id");
// collections a door reads, by masterclass: their tombstones name it
const DOOR_COLLECTIONS = ["attendees", "check_ins"];

/**
 * @param {core.App} app
 * @param {core.Record} record the record being deleted (or as it was before it moved)
 * @param {string} [forOwner] the tombstone's owner when not the record's (DOOR_OWNER: for the doors only)
 */
function writeTombstone(app, record, forOwner) {
  const collection = record.collection().name;
  const ownerField = OWNER_FIELDS[collection];
  let owner = forOwner || (ownerField ? record.getString(ownerField) : "");
  const event = DOOR_COLLECTIONS.includes(collection) ? record.getString("event") : "";
  // An attendee row with no account was on no attendee's device, but the doors
  // hold it: its tombstone is owned by DOOR_OWNER, which no account's pull or
  // the records API's rule (owner "" or the requester) ever matches, and which
  // administrators' doors and door passes read (pocketbase/syncchanges.go).
  if (collection === "attendees" && !owner) owner = DOOR_OWNER;
  // Any other owner-scoped row with no owner was never on any device.
  if (ownerField && !owner) return;
  let tombstone;
  try {
    // (an empty string bound as a filter parameter reaches SQL as '""', so a shared tombstone's owner is written out)
    const ownerFilter = owner ? "owner = {:owner}" : "owner = ''";
    const eventFilter = event ? "event = {:event}" : "event = ''";
    tombstone = app.findFirstRecordByFilter("tombstones", `collection = {:collection} && record_id = {:id} && ${ownerFilter} && ${eventFilter}`, {
      collection,
      id: record.id,
      owner,
      event,
    });
  } catch {
    tombstone = new Record(app.findCachedCollectionByNameOrId("tombstones"));
    tombstone.set("collection", collection);
    tombstone.set("record_id", record.id);
    tombstone.set("owner", owner);
    tombstone.set("event", event);
  }
  // saved even when unchanged: `updated` and the sequence move
  app.save(tombstone);
}

/**
 * onRecordDelete handler: deletes the record and writes its tombstone atomically.
 * @param {core.RecordEvent} e
 */
function deleteWithTombstone(e) {
  const originalApp = e.app;
  try {
    originalApp.runInTransaction((txApp) => {
      e.app = txApp;
      e.next();
      writeTombstone(txApp, e.record);
    });
  } finally {
    e.app = originalApp;
  }
}

/**
 * onRecordUpdate handler for owner-scoped collections: a row moved to another
 * account leaves a tombstone for the account it left, in the same transaction,
 * so that account's devices drop it; an attendee row moved to another
 * masterclass leaves one for the doors of the masterclass it left (owner
 * DOOR_OWNER: no account's pull reads it).
 * @param {core.RecordEvent} e
 */
function updateWithTombstone(e) {
  const collection = e.record.collection().name;
  const ownerField = OWNER_FIELDS[collection];
  const previous = e.record.original();
  const before = previous.getString(ownerField);
  const ownerLeft = before !== "" && before !== e.record.getString(ownerField);
  const eventLeft = DOOR_COLLECTIONS.includes(collection) && previous.getString("event") !== "" && previous.getString("event") !== e.record.getString("event");
  if (!ownerLeft && !eventLeft) return e.next();
  const originalApp = e.app;
  try {
    originalApp.runInTransaction((txApp) => {
      e.app = txApp;
      e.next();
      if (ownerLeft) writeTombstone(txApp, previous);
      if (eventLeft) writeTombstone(txApp, previous, DOOR_OWNER);
    });
  } finally {
    e.app = originalApp;
  }
}

module.exports = { SYNCED_COLLECTIONS, MOVABLE_COLLECTIONS, deleteWithTombstone, updateWithTombstone };

/** Days a tombstone is kept (TOMBSTONE_RETENTION_DAYS, default 90); clients whose last sync is older pull everything again. */
function tombstoneRetentionDays() {
  const days = Number($os.getenv("TOMBSTONE_RETENTION_DAYS") || "90");
  return Number.isFinite(days) && days > 0 ? days : 90;
}

/**
 * Deletes tombstones older than the retention (the cron job's work) and
 * records the highest sequence deleted as the horizon (sync_counter.horizon):
 * a device whose checkpoint is below it is told to pull everything again.
 * @param {core.App} app
 */
function pruneTombstones(app) {
  const cutoff = new Date(Date.now() - tombstoneRetentionDays() * 86400000).toISOString().replace("T", " ");
  app.runInTransaction((txApp) => {
    txApp.db().newQuery(`UPDATE sync_counter SET horizon = MAX(horizon,
        COALESCE((SELECT MAX(sync_seq) FROM tombstones WHERE updated < {:cutoff}), 0)) WHERE id = 1`).bind({ cutoff }).execute();
    txApp.db().newQuery("DELETE FROM tombstones WHERE updated < {:cutoff}").bind({ cutoff }).execute();
  });
}

module.exports.pruneTombstones = pruneTombstones;
