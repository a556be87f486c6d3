/// <reference path="../pb_data/types.d.ts" />
// `emails.status` gains `cancelled`: mail still queued to someone whose
// details were deleted (account deletion, an administrator anonymising an
// attendee) is never sent; the outbox shows it as cancelled. The retry cron
// sends only `queued` mail.

migrate((app) => {
  const emails = app.findCollectionByNameOrId("emails");
  const status = emails.fields.getByName("status");
  if (!status.values.includes("cancelled")) status.values = [...status.values, "cancelled"];
  app.save(emails);
}, (app) => {
  const emails = app.findCollectionByNameOrId("emails");
  app.db().newQuery("UPDATE emails SET status = 'failed' WHERE status = 'cancelled'").execute();
  const status = emails.fields.getByName("status");
  status.values = status.values.filter((value) => value !== "cancelled");
  app.save(emails);
});
