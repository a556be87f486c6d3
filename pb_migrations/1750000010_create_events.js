/// <reference path="../pb_data/types.d.ts" />
// Creates `events`: the masterclass facts, price, capacity, sales state and the
// portal unlock time. Public read (landing page, offline portal); administrators write.

migrate((app) => {
  const admin = '@request.auth.role = "administrator"';

  const events = new Collection({
    type: "base",
    name: "events",
    listRule: "",
    viewRule: "",
    createRule: admin,
    updateRule: admin,
    deleteRule: admin,
    fields: [
      { name: "title", type: "text", required: true, max: 200, presentable: true },
      { name: "starts_at", type: "date", required: true },
      { name: "ends_at", type: "date", required: true },
      { name: "timezone", type: "text", required: true, max: 64, pattern: "^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$" },
      { name: "location", type: "text", required: true, max: 200 },
      { name: "venue", type: "text", max: 300 },
      { name: "capacity", type: "number", required: true, min: 1, onlyInt: true },
      { name: "price_cents", type: "number", min: 0, onlyInt: true },
      { name: "currency", type: "text", required: true, min: 3, max: 3, pattern: "^[A-Z]{3}$" },
      { name: "sales_state", type: "select", required: true, maxSelect: 1, values: ["open", "sold_out", "closed"] },
      { name: "portal_unlock_at", type: "date", required: true },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: [
      "CREATE INDEX idx_events_updated ON events (updated)",
    ],
  });

  app.save(events);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("events"));
});
