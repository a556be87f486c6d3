/// <reference path="../../pb_data/types.d.ts" />
// Tombstones for synced collections: deleting a record also writes (or
// refreshes) a `tombstones` row in the same transaction, so offline clients
// pulling `tombstones` by `updated` can drop the record from IndexedDB.

// Collections the PWA keeps in IndexedDB. Owner-only tool records get their
// tombstone's owner set, so only that user can read it.
const SHARED_COLLECTIONS = ["events", "speakers", "materials", "ai_use_cases"];
const OWNED_COLLECTIONS = ["readiness_assessments", "business_cases", "saved_use_cases"];
const SYNCED_COLLECTIONS = [...SHARED_COLLECTIONS, ...OWNED_COLLECTIONS];

/**
 * @param {core.App} app
 * @param {core.Record} record the record being deleted
 */
function writeTombstone(app, record) {
  const collection = record.collection().name;
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
  tombstone.set("owner", OWNED_COLLECTIONS.includes(collection) ? record.getString("owner") : "");
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
