/// <reference path="../pb_data/types.d.ts" />
// attendees.checked_in_at: when the attendee was let in at the door (the
// earliest check-in not undone; empty when none), kept by the check-in push
// (pb_hooks/lib/checkin/push.js) in the transaction that stores the check-in
// or its undo. It reaches the attendee's own device through the sync, so the
// ticket and Your Registration can say "Attended" or "Not checked in" after
// the masterclass, and "You are checked in" on the day, offline too; the order
// page reads it from the server. Rows checked in before this field get it
// from their check-ins here.

migrate((app) => {
  const attendees = app.findCollectionByNameOrId("attendees");
  attendees.fields.add(new DateField({ name: "checked_in_at" }));
  app.save(attendees);
  app.db().newQuery(`
    UPDATE attendees SET checked_in_at = (
      SELECT MIN(c.ordered_at) FROM check_ins c WHERE c.attendee = attendees.id AND (c.undone_at IS NULL OR c.undone_at = '')
    )
    WHERE EXISTS (SELECT 1 FROM check_ins c WHERE c.attendee = attendees.id AND (c.undone_at IS NULL OR c.undone_at = ''))`).execute();
}, (app) => {
  const attendees = app.findCollectionByNameOrId("attendees");
  attendees.fields.removeByName("checked_in_at");
  app.save(attendees);
});
