/// <reference path="../pb_data/types.d.ts" />
// tombstones.event: the masterclass a deleted (or moved) attendee row or
// check-in was at, so a door pass reads only its own masterclass's tombstones
// (pocketbase/syncchanges.go): before, every attendee tombstone of every
// masterclass reached every pass. An attendee row moved to another masterclass
// leaves a tombstone for the one it left (pb_hooks/lib/sync/tombstones.js), so
// there may be one per record, owner and event. Hidden: only the pull route
// reads it. Tombstones written before this field have none and reach no pass
// (a pass's session lasts three days at most; docs/sync.md).

const UNIQUE_BEFORE = "CREATE UNIQUE INDEX idx_tombstones_collection_record ON tombstones (collection, record_id, owner)";
const UNIQUE_AFTER = "CREATE UNIQUE INDEX idx_tombstones_collection_record ON tombstones (collection, record_id, owner, event)";
const BY_EVENT = "CREATE INDEX idx_tombstones_collection_event_sync_seq ON tombstones (collection, event, sync_seq)";

migrate((app) => {
  const tombstones = app.findCollectionByNameOrId("tombstones");
  tombstones.fields.add(new TextField({ name: "event", max: 100, hidden: true }));
  tombstones.indexes = [
    ...tombstones.indexes.map((index) => (index.includes("idx_tombstones_collection_record ") ? UNIQUE_AFTER : index)),
    BY_EVENT,
  ];
  app.save(tombstones);
}, (app) => {
  const tombstones = app.findCollectionByNameOrId("tombstones");
  // one tombstone per record and owner again: keep the newest
  app.db().newQuery(`DELETE FROM tombstones WHERE rowid NOT IN (
    SELECT MAX(rowid) FROM tombstones GROUP BY collection, record_id, owner)`).execute();
  tombstones.indexes = tombstones.indexes
    .filter((index) => !index.includes("idx_tombstones_collection_event_sync_seq"))
    .map((index) => (index.includes("idx_tombstones_collection_record ") ? UNIQUE_BEFORE : index));
  tombstones.fields.removeByName("event");
  app.save(tombstones);
});
