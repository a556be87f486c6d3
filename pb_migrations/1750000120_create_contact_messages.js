/// <reference path="../pb_data/types.d.ts" />
// Creates `contact_messages`: the public contact form. Anyone may create (the
// settings hook rate limits it per IP); administrators read and delete.

migrate((app) => {
  const admin = '@request.auth.role = "administrator"';

  const contactMessages = new Collection({
    type: "base",
    name: "contact_messages",
    listRule: admin,
    viewRule: admin,
    createRule: "",
    updateRule: null,
    deleteRule: admin,
    fields: [
      { name: "name", type: "text", required: true, max: 200, presentable: true },
      { name: "email", type: "email", required: true },
      { name: "subject", type: "text", required: true, max: 200 },
      { name: "message", type: "text", required: true, max: 5000 },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: [
      "CREATE INDEX idx_contact_messages_created ON contact_messages (created)",
    ],
  });

  app.save(contactMessages);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("contact_messages"));
});
