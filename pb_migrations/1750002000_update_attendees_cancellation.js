/// <reference path="../pb_data/types.d.ts" />
// Cancelling an attendee (pb_hooks/lib/cancellation/cancellation/cancellation.js) sets
// registration_status = cancelled and records when, by whom (the attendee in
// the portal, the signed link in their confirmation email, or an
// administrator) and, for an administrator's cancellation, why. The date and
// who are read like the rest of the row (the attendee's own row,
// administrators every row); the reason is hidden from the records API (an
// administrator's note, shown in the admin area by the cancellation route).
// Nobody but a superuser writes these fields through the records API
// (administrators may change only the edit form's fields, lib/admin/attendees.js).

migrate((app) => {
  const attendees = app.findCollectionByNameOrId("attendees");
  attendees.fields.add(new DateField({ name: "cancelled_at" }));
  attendees.fields.add(new SelectField({ name: "cancelled_by", maxSelect: 1, values: ["attendee", "link", "administrator"] }));
  attendees.fields.add(new TextField({ name: "cancellation_reason", max: 500, hidden: true }));
  app.save(attendees);
}, (app) => {
  const attendees = app.findCollectionByNameOrId("attendees");
  for (const name of ["cancelled_at", "cancelled_by", "cancellation_reason"]) attendees.fields.removeByName(name);
  app.save(attendees);
});
