/// <reference path="../pb_data/types.d.ts" />
// security_events: the sign-in limits' decisions an administrator should see
// (pb_hooks/lib/accounts/sign-in-limits.js): one row when a client reaches the
// lock on an account (`sign_in_locked`) and one when an account starts making
// devices it does not know wait (`sign_in_slowed`), never one per attempt.
// `client` is "a known device" or the address as e.realIP() gives it; rows are
// deleted after 90 days by the daily retention job (lib/accounts/retention.js).
// Administrators read it; only the server writes it.

const ADMIN = '@request.auth.role = "administrator"';

migrate((app) => {
  const events = new Collection({
    type: "base",
    name: "security_events",
    listRule: ADMIN,
    viewRule: ADMIN,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { name: "kind", type: "select", required: true, maxSelect: 1, values: ["sign_in_locked", "sign_in_slowed"] },
      { name: "collection", type: "select", required: true, maxSelect: 1, values: ["users", "_superusers"] },
      { name: "account", type: "text", required: true, min: 1, max: 320, presentable: true },
      { name: "client", type: "text", required: true, min: 1, max: 100 },
      { name: "until", type: "date" },
      { name: "failures", type: "number", onlyInt: true, min: 0 },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: ["CREATE INDEX idx_security_events_created ON security_events (created)"],
  });
  app.save(events);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("security_events"));
});
