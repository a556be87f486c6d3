/// <reference path="../pb_data/types.d.ts" />
// What telling attendees about a change needs on each masterclass, all hidden
// (administrators read them through GET /api/masterclass/admin/events/{id}/notices):
// - calendar_sequence: the calendar file's SEQUENCE (RFC 5545 3.8.7.4), one
//   more each time the date, times, time zone, venue or location change,
//   however they are saved (lib/notices/changes.js), so every calendar that
//   holds the masterclass takes the newest file for the same UID;
// - notified_sequence: the sequence the people holding seats were last told
//   of (or chose not to be told of); below calendar_sequence, the admin's
//   event screen offers to tell them about the last change;
// - schedule_changed_at: when the last such change was saved;
// - cancelled_at: when an administrator cancelled the whole masterclass
//   (lib/notices/cancel-event.js): every seat cancelled and refunded, sales
//   closed, everyone told.

migrate((app) => {
  const events = app.findCollectionByNameOrId("events");
  events.fields.add(new NumberField({ name: "calendar_sequence", min: 0, onlyInt: true, hidden: true }));
  events.fields.add(new NumberField({ name: "notified_sequence", min: 0, onlyInt: true, hidden: true }));
  events.fields.add(new DateField({ name: "schedule_changed_at", hidden: true }));
  events.fields.add(new DateField({ name: "cancelled_at", hidden: true }));
  app.save(events);
}, (app) => {
  const events = app.findCollectionByNameOrId("events");
  for (const name of ["calendar_sequence", "notified_sequence", "schedule_changed_at", "cancelled_at"]) events.fields.removeByName(name);
  app.save(events);
});
