/// <reference path="../pb_data/types.d.ts" />
// Creates `promo_codes`: free single-attendee registration codes. Never
// readable by clients (every rule null): only server routes validate and count them.

migrate((app) => {
  const events = app.findCollectionByNameOrId("events");

  const promoCodes = new Collection({
    type: "base",
    name: "promo_codes",
    listRule: null,
    viewRule: null,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { name: "code", type: "text", required: true, min: 3, max: 64, pattern: "^[A-Za-z0-9_-]+$", presentable: true },
      { name: "event", type: "relation", required: true, collectionId: events.id, maxSelect: 1, cascadeDelete: true },
      { name: "max_uses", type: "number", required: true, min: 1, onlyInt: true },
      { name: "used_count", type: "number", min: 0, onlyInt: true },
      { name: "expires_at", type: "date" },
      { name: "active", type: "bool" },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: [
      "CREATE UNIQUE INDEX idx_promo_codes_code ON promo_codes (code COLLATE NOCASE)",
    ],
  });

  app.save(promoCodes);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("promo_codes"));
});
