/// <reference path="../pb_data/types.d.ts" />
// Creates `tombstones`: one row per deleted record of a synced collection
// (written by pb_hooks/tombstones.pb.js) so offline clients can drop it.
// Signed-in users read the shared ones and their own (owner = the user whose
// tool record was deleted); nobody writes through the API.

migrate((app) => {
  const visible = '@request.auth.id != "" && (owner = "" || owner = @request.auth.id)';

  const tombstones = new Collection({
    type: "base",
    name: "tombstones",
    listRule: visible,
    viewRule: visible,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { name: "collection", type: "text", required: true, max: 100, presentable: true },
      { name: "record_id", type: "text", required: true, max: 100 },
      { name: "owner", type: "text", max: 100 },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: [
      "CREATE UNIQUE INDEX idx_tombstones_collection_record ON tombstones (collection, record_id)",
      "CREATE INDEX idx_tombstones_updated ON tombstones (updated)",
    ],
  });

  app.save(tombstones);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("tombstones"));
});
