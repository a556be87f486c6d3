/// <reference path="../pb_data/types.d.ts" />
// registrations.client_key: a keyed hash of the address a registration came
// from (never the address itself), so the server can cap the seats one client
// holds in unpaid checkouts. Hidden from every API answer; its HMAC key is a
// new app secret made once per installation.

migrate((app) => {
  const registrations = app.findCollectionByNameOrId("registrations");
  registrations.fields.add(new TextField({ name: "client_key", max: 64, hidden: true }));
  registrations.indexes = [
    ...registrations.indexes,
    "CREATE INDEX idx_registrations_hold_client ON registrations (status, client_key)",
    "CREATE INDEX idx_registrations_hold_email ON registrations (status, primary_email COLLATE NOCASE)",
  ];
  app.save(registrations);

  const secret = new Record(app.findCollectionByNameOrId("app_secrets"));
  secret.set("name", "client_key");
  secret.set("value", $security.randomString(64));
  app.save(secret);
}, (app) => {
  const registrations = app.findCollectionByNameOrId("registrations");
  registrations.indexes = registrations.indexes.filter((index) => !index.includes("idx_registrations_hold_"));
  registrations.fields.removeByName("client_key");
  app.save(registrations);
  app.delete(app.findFirstRecordByData("app_secrets", "name", "client_key"));
});
