/// <reference path="../pb_data/types.d.ts" />
// registrations.early_access_email: the address of the early-access link a
// registration was made with (lower case; "" for every other registration).
// A link registers once (lib/waitlist/early-access-check.js): while one of its
// registrations is paid or completed, or still holds its checkout, the link is
// refused; an unpaid checkout that expired or was cancelled frees it.

migrate((app) => {
  const registrations = app.findCollectionByNameOrId("registrations");
  registrations.fields.add(new TextField({ name: "early_access_email", max: 320 }));
  registrations.indexes = [
    ...registrations.indexes,
    "CREATE INDEX idx_registrations_early_access ON registrations (event, early_access_email) WHERE early_access_email != ''",
  ];
  app.save(registrations);
}, (app) => {
  const registrations = app.findCollectionByNameOrId("registrations");
  registrations.indexes = registrations.indexes.filter((index) => !index.includes("idx_registrations_early_access"));
  registrations.fields.removeByName("early_access_email");
  app.save(registrations);
});
