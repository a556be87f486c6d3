/// <reference path="../pb_data/types.d.ts" />
// check_ins.sent_by: the administrator whose session sent the check-in to the
// server. A door device may change hands while offline: checked_in_by (and
// undone_by) name the administrator who scanned (or undid) it on the device,
// as the device reports it when that is an administrator; sent_by is the one
// the server can vouch for. Rows stored before this have sent_by = checked_in_by.

migrate((app) => {
  const users = app.findCollectionByNameOrId("users");
  const checkIns = app.findCollectionByNameOrId("check_ins");
  checkIns.fields.add(new RelationField({ name: "sent_by", collectionId: users.id, maxSelect: 1, cascadeDelete: false }));
  app.save(checkIns);
  app.db().newQuery("UPDATE check_ins SET sent_by = checked_in_by WHERE sent_by = '' OR sent_by IS NULL").execute();
}, (app) => {
  const checkIns = app.findCollectionByNameOrId("check_ins");
  checkIns.fields.removeByName("sent_by");
  app.save(checkIns);
});
