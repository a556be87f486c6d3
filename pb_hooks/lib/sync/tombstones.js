/// <reference path="../../../pb_data/types.d.ts" />
// Tombstones for synced collections: deleting a record also writes (or
// refreshes) a `tombstones` row in the same transaction, so offline clients
// pulling `tombstones` by `updated` can drop the record from IndexedDB.

// Collections the PWA keeps in IndexedDB, each owned one with the field naming
// its user: the tombstone's owner is set from it, so only that user can read it.
const SHARED_COLLECTIONS = ["events", "speakers", "materials", "ai_use_cases"];
const OWNER_FIELDS = {
  readiness_assessments: "owner",
  business_cases: "owner",
  saved_use_cases: "owner",
  attendees: "user",
};
const SYNCED_COLLECTIONS = [...SHARED_COLLECTIONS, ...Object.keys(OWNER_FIELDS)];

/**
 * @param {core.App} app
 * @param {core.Record} record the record being deleted
 */
function writeTombstone(app, record) {
  const collection = record.collection().name;
  const ownerField = OWNER_FIELDS[collection];
  const owner = ownerField ? record.getString(ownerField) : "";
  // An attendee row with no account was never on any device (and its id is no one's business).
  if (ownerField && !owner) return;
  let tombstone;
  try {
    tombstone = app.findFirstRecordByFilter("tombstones", "collection = {:collection} && record_id = {:id}", {
      collection,
      id: record.id,
    });
  } catch {
    tombstone = new Record(app.findCachedCollectionByNameOrId("tombstones"));
    tombstone.set("collection", collection);
    tombstone.set("record_id", record.id);
  }
  tombstone.set("owner", owner);
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

module.exports = { SYNCED_COLLECTIONS, deleteWithTombstone };

/** Days a tombstone is kept (TOMBSTONE_RETENTION_DAYS, default 90); clients whose last sync is older pull everything again. */
function tombstoneRetentionDays() {
  const days = Number($os.getenv("TOMBSTONE_RETENTION_DAYS") || "90");
  return Number.isFinite(days) && days > 0 ? days : 90;
}

/**
 * Deletes tombstones older than the retention (the cron job's work).
 * @param {core.App} app
 */
function pruneTombstones(app) {
  const cutoff = new Date(Date.now() - tombstoneRetentionDays() * 86400000).toISOString().replace("T", " ");
  app.db().newQuery("DELETE FROM tombstones WHERE updated < {:cutoff}").bind({ cutoff }).execute();
}

module.exports.pruneTombstones = pruneTombstones;
