/// <reference path="../pb_data/types.d.ts" />
// The sync sequence (docs/architecture.md "Sync"): devices pull what changed
// after the last number they applied (GET /api/sync/changes, pocketbase/syncchanges.go).
//
// - sync_counter: one row; `value` is the last number given out, `horizon` the
//   highest sequence of a pruned tombstone (lib/sync/tombstones.js): a device
//   whose checkpoint is below it may have missed a delete and pulls everything again.
// - Every synced collection gets `sync_seq` (a number; any value an API caller
//   sends is overwritten) and an index on it.
// - Triggers: every INSERT or UPDATE of a synced row, by any path (records API,
//   hooks, dashboard, raw SQL in jobs), takes the next number in the same
//   statement, so SQLite's single writer makes the sequence the commit order.
//   The trigger's own UPDATE does not fire it again (recursive_triggers is off,
//   SQLite's default; PocketBase does not turn it on).
// - Rows whose readability changes without their own write take new numbers
//   too: an event's `published` or `portal_unlock_at` → its speakers and
//   materials; an attendee row giving or taking a seat (created, deleted, its
//   user, event or seated status changed) → that event's materials; a user's
//   role → every material.
// PocketBase alters a collection's table in place (ALTER TABLE ADD / RENAME /
// DROP COLUMN), which keeps triggers; tests/server/sync-sequence.test.ts proves
// it for a field added through the API.

const SYNCED = [
  "events", "speakers", "materials", "ai_use_cases", "users", "attendees",
  "readiness_assessments", "business_cases", "saved_use_cases", "tombstones", "check_ins",
];
// owner-scoped collections: pulled by their owner with `owner=1` (owner field first in the index)
const OWNER_FIELDS = { attendees: "user", readiness_assessments: "owner", business_cases: "owner", saved_use_cases: "owner" };
const SEATED = "('confirmed', 'confirmed_observer')";

function seqIndexes(name) {
  if (name === "tombstones") return [`CREATE INDEX idx_tombstones_collection_sync_seq ON tombstones (collection, sync_seq)`];
  const owner = OWNER_FIELDS[name];
  if (!owner) return [`CREATE INDEX idx_${name}_sync_seq ON ${name} (sync_seq)`];
  const byOwner = `CREATE INDEX idx_${name}_${owner}_sync_seq ON ${name} (\`${owner}\`, sync_seq)`;
  // the door's pull reads every attendee row in order
  return name === "attendees" ? [byOwner, `CREATE INDEX idx_attendees_sync_seq ON attendees (sync_seq)`] : [byOwner];
}

// Takes the next number for the row that fired the trigger.
function nextSeq(name) {
  return `UPDATE sync_counter SET value = value + 1 WHERE id = 1;
    UPDATE \`${name}\` SET sync_seq = (SELECT value FROM sync_counter WHERE id = 1) WHERE rowid = NEW.rowid;`;
}

// "Touch" statements: an UPDATE that changes nothing fires the rows' own sequence trigger.
const VISIBILITY_TRIGGERS = {
  sync_visibility_events: `CREATE TRIGGER sync_visibility_events AFTER UPDATE OF published, portal_unlock_at ON events
    WHEN OLD.published IS NOT NEW.published OR OLD.portal_unlock_at IS NOT NEW.portal_unlock_at
    BEGIN
      UPDATE speakers SET sync_seq = sync_seq WHERE event = NEW.id;
      UPDATE materials SET sync_seq = sync_seq WHERE event = NEW.id;
    END`,
  sync_visibility_seat_insert: `CREATE TRIGGER sync_visibility_seat_insert AFTER INSERT ON attendees
    WHEN NEW.user != '' AND NEW.registration_status IN ${SEATED}
    BEGIN
      UPDATE materials SET sync_seq = sync_seq WHERE event = NEW.event;
    END`,
  sync_visibility_seat_update: `CREATE TRIGGER sync_visibility_seat_update AFTER UPDATE OF user, event, registration_status ON attendees
    WHEN (OLD.user != '' OR NEW.user != '') AND (
      OLD.user IS NOT NEW.user OR OLD.event IS NOT NEW.event
      OR (OLD.registration_status IN ${SEATED}) IS NOT (NEW.registration_status IN ${SEATED}))
    BEGIN
      UPDATE materials SET sync_seq = sync_seq WHERE event = OLD.event OR event = NEW.event;
    END`,
  sync_visibility_seat_delete: `CREATE TRIGGER sync_visibility_seat_delete AFTER DELETE ON attendees
    WHEN OLD.user != '' AND OLD.registration_status IN ${SEATED}
    BEGIN
      UPDATE materials SET sync_seq = sync_seq WHERE event = OLD.event;
    END`,
  sync_visibility_role: `CREATE TRIGGER sync_visibility_role AFTER UPDATE OF role ON users
    WHEN OLD.role IS NOT NEW.role
    BEGIN
      UPDATE materials SET sync_seq = sync_seq;
    END`,
};

function triggerNames() {
  return [...SYNCED.flatMap((name) => [`sync_seq_${name}_insert`, `sync_seq_${name}_update`]), ...Object.keys(VISIBILITY_TRIGGERS)];
}

migrate((app) => {
  const run = (sql) => app.db().newQuery(sql).execute();
  run(`CREATE TABLE sync_counter (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    value INTEGER NOT NULL DEFAULT 0,
    horizon INTEGER NOT NULL DEFAULT 0
  )`);
  run("INSERT INTO sync_counter (id, value, horizon) VALUES (1, 0, 0)");

  for (const name of SYNCED) {
    const collection = app.findCollectionByNameOrId(name);
    collection.fields.add(new NumberField({ name: "sync_seq" }));
    collection.indexes = [...collection.indexes, ...seqIndexes(name)];
    if (name === "tombstones") {
      // one tombstone per owner: an attendee row moved from one account to
      // another leaves one for each account it left
      collection.indexes = collection.indexes.map((index) => index.includes("idx_tombstones_collection_record ")
        ? "CREATE UNIQUE INDEX idx_tombstones_collection_record ON tombstones (collection, record_id, owner)"
        : index);
    }
    app.save(collection);
  }

  for (const name of SYNCED) {
    run(`CREATE TRIGGER sync_seq_${name}_insert AFTER INSERT ON \`${name}\` BEGIN ${nextSeq(name)} END`);
    run(`CREATE TRIGGER sync_seq_${name}_update AFTER UPDATE ON \`${name}\` BEGIN ${nextSeq(name)} END`);
  }
  for (const sql of Object.values(VISIBILITY_TRIGGERS)) run(sql);

  // every existing row takes its number (UPDATE OF sync_seq fires no visibility trigger)
  for (const name of SYNCED) run(`UPDATE \`${name}\` SET sync_seq = 0`);
}, (app) => {
  const run = (sql) => app.db().newQuery(sql).execute();
  for (const name of triggerNames()) run(`DROP TRIGGER IF EXISTS ${name}`);
  for (const name of SYNCED) {
    const collection = app.findCollectionByNameOrId(name);
    collection.fields.removeByName("sync_seq");
    collection.indexes = collection.indexes
      .filter((index) => !index.includes("sync_seq"))
      .map((index) => index.includes("idx_tombstones_collection_record ")
        ? "CREATE UNIQUE INDEX idx_tombstones_collection_record ON tombstones (collection, record_id)"
        : index);
    app.save(collection);
  }
  run("DROP TABLE sync_counter");
});
