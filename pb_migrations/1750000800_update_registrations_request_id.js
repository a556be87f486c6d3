/// <reference path="../pb_data/types.d.ts" />
// registrations.client_request_id: the idempotency key the page makes once per
// registration it submits. A POST retried after its answer was lost (a phone
// that dropped off the network mid-request, a form sent again once the
// connection came back) finds the registration the first one made instead of
// making a second. client_request_hash is a digest of the request the key was
// first used with: the same key with other details is refused, so a key tells
// nobody anything about someone else's registration. Both are hidden.

migrate((app) => {
  const registrations = app.findCollectionByNameOrId("registrations");
  registrations.fields.add(new TextField({ name: "client_request_id", max: 64, hidden: true }));
  registrations.fields.add(new TextField({ name: "client_request_hash", max: 64, hidden: true }));
  registrations.indexes = [
    ...registrations.indexes,
    "CREATE UNIQUE INDEX idx_registrations_client_request ON registrations (client_request_id) WHERE client_request_id != ''",
  ];
  app.save(registrations);
}, (app) => {
  const registrations = app.findCollectionByNameOrId("registrations");
  registrations.indexes = registrations.indexes.filter((index) => !index.includes("idx_registrations_client_request"));
  registrations.fields.removeByName("client_request_id");
  registrations.fields.removeByName("client_request_hash");
  app.save(registrations);
});
