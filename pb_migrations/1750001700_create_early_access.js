/// <reference path="../pb_data/types.d.ts" />
// Waitlist first: early access to the next masterclass.
// - events.early_access_starts_at / early_access_ends_at: the priority window,
//   set when an administrator first sends early access for the event (public
//   sales open at its end).
// - early_access (event, email, sent_at, outbox email): who was sent early
//   access for which event, once per address (unique event + lower-cased
//   email). It holds no token: links are signed on the fly. Administrators
//   read it; only the server writes it.
// - unsubscribes (email, unique in any case): addresses that never get an
//   early-access email again. Administrators read it; only the signed
//   unsubscribe link writes it.
// - app_secrets 'mail_link_token': the HMAC key of early-access and
//   unsubscribe links.

const ADMIN = '@request.auth.role = "administrator"';

migrate((app) => {
  const events = app.findCollectionByNameOrId("events");
  events.fields.add(new DateField({ name: "early_access_starts_at" }));
  events.fields.add(new DateField({ name: "early_access_ends_at" }));
  app.save(events);

  const emails = app.findCollectionByNameOrId("emails");
  const earlyAccess = new Collection({
    type: "base",
    name: "early_access",
    listRule: ADMIN,
    viewRule: ADMIN,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { name: "event", type: "relation", collectionId: events.id, required: true, maxSelect: 1, cascadeDelete: true },
      // stored lower-cased: one early access per address and event
      { name: "email", type: "email", required: true, presentable: true },
      { name: "full_name", type: "text", max: 100 },
      { name: "sent_at", type: "date" },
      { name: "outbox_email", type: "relation", collectionId: emails.id, maxSelect: 1, cascadeDelete: false },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: ["CREATE UNIQUE INDEX idx_early_access_event_email ON early_access (event, email COLLATE NOCASE)"],
  });
  app.save(earlyAccess);

  const unsubscribes = new Collection({
    type: "base",
    name: "unsubscribes",
    listRule: ADMIN,
    viewRule: ADMIN,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { name: "email", type: "email", required: true, presentable: true },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: ["CREATE UNIQUE INDEX idx_unsubscribes_email ON unsubscribes (email COLLATE NOCASE)"],
  });
  app.save(unsubscribes);

  const secret = new Record(app.findCollectionByNameOrId("app_secrets"));
  secret.set("name", "mail_link_token");
  secret.set("value", $security.randomString(64));
  app.save(secret);
}, (app) => {
  try {
    app.delete(app.findFirstRecordByData("app_secrets", "name", "mail_link_token"));
  } catch {
    // already gone
  }
  app.delete(app.findCollectionByNameOrId("unsubscribes"));
  app.delete(app.findCollectionByNameOrId("early_access"));
  const events = app.findCollectionByNameOrId("events");
  events.fields.removeByName("early_access_starts_at");
  events.fields.removeByName("early_access_ends_at");
  app.save(events);
});
