/// <reference path="../pb_data/types.d.ts" />
// Door check-in (pb_hooks/check-in.pb.js, logic in pb_hooks/lib/checkin/check-in.js):
// - check_ins: one scan (or name search) that let an attendee in at the door.
//   Its id is made on the door device (15 PocketBase id characters), so a
//   device that sends it again after a lost answer makes no second row.
//   scanned_at is the device's own clock at the scan; received_at the
//   server's when it first arrived; device_clock_offset_ms the server's clock
//   minus the device's when it was sent, and clock_suspect when that is more
//   than five minutes either way; ordered_at is the time the conflict rule
//   orders by (scanned_at, or received_at for a suspect clock). conflict
//   marks a check-in of an attendee whom an earlier one already let in
//   (conflict_with names that one); undone_* record an Undo.
//   Administrators read it; only the server writes it (the push route checks
//   the attendee, the event and the administrator before anything is stored).

const ADMIN = '@request.auth.role = "administrator"';

migrate((app) => {
  const attendees = app.findCollectionByNameOrId("attendees");
  const events = app.findCollectionByNameOrId("events");
  const users = app.findCollectionByNameOrId("users");
  const checkIns = new Collection({
    type: "base",
    name: "check_ins",
    listRule: ADMIN,
    viewRule: ADMIN,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { name: "attendee", type: "relation", required: true, collectionId: attendees.id, maxSelect: 1, cascadeDelete: true },
      { name: "event", type: "relation", required: true, collectionId: events.id, maxSelect: 1, cascadeDelete: true },
      { name: "method", type: "select", required: true, maxSelect: 1, values: ["scan", "search"] },
      { name: "scanned_at", type: "date", required: true },
      { name: "received_at", type: "date", required: true },
      { name: "device_clock_offset_ms", type: "number", onlyInt: true },
      { name: "clock_suspect", type: "bool" },
      { name: "ordered_at", type: "date", required: true },
      { name: "device_name", type: "text", required: true, min: 1, max: 60, presentable: true },
      // not required: deleting an administrator's account later must not be blocked by their check-ins
      { name: "checked_in_by", type: "relation", collectionId: users.id, maxSelect: 1, cascadeDelete: false },
      { name: "undone_at", type: "date" },
      { name: "undone_by", type: "relation", collectionId: users.id, maxSelect: 1, cascadeDelete: false },
      { name: "undone_device", type: "text", max: 60 },
      { name: "conflict", type: "bool" },
      { name: "conflict_with", type: "text", max: 15, pattern: "^[a-z0-9]*$" },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: [
      // the door devices' pull: one event's check-ins by (updated, id)
      "CREATE INDEX idx_check_ins_event_updated ON check_ins (event, updated, id)",
      // the conflict rule reads one attendee's check-ins
      "CREATE INDEX idx_check_ins_attendee ON check_ins (attendee)",
    ],
  });
  app.save(checkIns);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("check_ins"));
});
