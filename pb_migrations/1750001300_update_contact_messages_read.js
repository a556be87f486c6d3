/// <reference path="../pb_data/types.d.ts" />
// Contact messages get a `read` mark for the admin inbox. Administrators may
// change that mark and nothing else: the update rule refuses a request that
// sends any other field, so a message stays as the visitor wrote it. A visitor
// cannot send a message already marked read. An index on (read, created)
// keeps the unread count cheap.

const ADMIN = '@request.auth.role = "administrator"';
const OTHER_FIELDS = ["id", "name", "email", "subject", "message", "created", "updated"];

migrate((app) => {
  const messages = app.findCollectionByNameOrId("contact_messages");
  messages.fields.add(new BoolField({ name: "read" }));
  messages.updateRule = [ADMIN, "@request.body.read:isset = true", ...OTHER_FIELDS.map((field) => `@request.body.${field}:isset = false`)].join(" && ");
  messages.createRule = "@request.body.read:isset = false || @request.body.read = false";
  messages.addIndex("idx_contact_messages_read_created", false, "read, created", "");
  app.save(messages);
}, (app) => {
  const messages = app.findCollectionByNameOrId("contact_messages");
  messages.removeIndex("idx_contact_messages_read_created");
  messages.fields.removeByName("read");
  messages.updateRule = null;
  messages.createRule = "";
  app.save(messages);
});
