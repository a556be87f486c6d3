/// <reference path="../pb_data/types.d.ts" />
// `emails` gains who sent a copy again and of which email: Resend in the admin
// area (POST /api/masterclass/emails/{id}/resend, pb_hooks/lib/admin/emails.js)
// makes a new outbox email naming the one it copies (`resent_from`) and the
// administrator who asked (`resent_by`), so the outbox itself is the record of
// every resend. A deleted administrator's account leaves the field empty.

migrate((app) => {
  const emails = app.findCollectionByNameOrId("emails");
  const users = app.findCollectionByNameOrId("users");
  if (!emails.fields.getByName("resent_from")) {
    emails.fields.add(new RelationField({ name: "resent_from", collectionId: emails.id, maxSelect: 1, cascadeDelete: false }));
  }
  if (!emails.fields.getByName("resent_by")) {
    emails.fields.add(new RelationField({ name: "resent_by", collectionId: users.id, maxSelect: 1, cascadeDelete: false }));
  }
  app.save(emails);
}, (app) => {
  const emails = app.findCollectionByNameOrId("emails");
  ["resent_from", "resent_by"].forEach((name) => {
    if (emails.fields.getByName(name)) emails.fields.removeByName(name);
  });
  app.save(emails);
});
