/// <reference path="../pb_data/types.d.ts" />
// Creates `app_secrets`: server-side secrets generated once per installation
// (the invitation link HMAC key). Superuser only; the value is hidden from
// every API response.

migrate((app) => {
  const appSecrets = new Collection({
    type: "base",
    name: "app_secrets",
    listRule: null,
    viewRule: null,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { name: "name", type: "text", required: true, max: 100, pattern: "^[a-z0-9_]+$", presentable: true },
      { name: "value", type: "text", required: true, min: 32, max: 1000, hidden: true },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: [
      "CREATE UNIQUE INDEX idx_app_secrets_name ON app_secrets (name)",
    ],
  });
  app.save(appSecrets);

  const invitationSecret = new Record(appSecrets);
  invitationSecret.set("name", "invitation_token");
  invitationSecret.set("value", $security.randomString(64));
  app.save(invitationSecret);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("app_secrets"));
});
