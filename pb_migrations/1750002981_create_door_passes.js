/// <reference path="../pb_data/types.d.ts" />
// door_passes: a door link with a PIN for one masterclass (lib/checkin/passes.js).
// An auth collection so the door's requests carry a PocketBase token that the
// door routes and the sync pull recognise; the PIN is the record's password
// (bcrypt). Every records-API rule is null: passes are made, listed and
// revoked only through the administrators' routes, and password sign-in is
// off, so the only way in is POST /api/masterclass/door/sign-in, which counts
// wrong PINs and locks the pass. authRule "" (not null) lets that route answer
// with a token (PocketBase checks the auth rule before issuing one).
// check_ins.door_pass / undone_door_pass: the pass whose device made or undid a check-in.

migrate((app) => {
  const events = app.findCollectionByNameOrId("events");
  const passes = new Collection({
    type: "auth",
    name: "door_passes",
    listRule: null,
    viewRule: null,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    authRule: "",
    manageRule: null,
    passwordAuth: { enabled: false, identityFields: ["email"] },
    oauth2: { enabled: false },
    otp: { enabled: false },
    mfa: { enabled: false },
    // A door pass's session lasts the event's day and the next.
    authToken: { duration: 2 * 24 * 60 * 60 },
    fields: [
      { name: "event", type: "relation", required: true, collectionId: events.id, maxSelect: 1, cascadeDelete: true },
      { name: "label", type: "text", required: true, min: 1, max: 60, presentable: true },
      { name: "created_by", type: "text", max: 60 },
      { name: "revoked_at", type: "date" },
      { name: "failed_pins", type: "number", onlyInt: true, min: 0, hidden: true },
      { name: "locked_until", type: "date", hidden: true },
      { name: "last_used_at", type: "date" },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: ["CREATE INDEX idx_door_passes_event ON door_passes (event)"],
  });
  app.save(passes);
  const saved = app.findCollectionByNameOrId("door_passes");
  saved.fields.getByName("email").required = false;
  // The PIN: six digits.
  saved.fields.getByName("password").min = 6;
  saved.fields.getByName("password").max = 6;
  app.save(saved);

  const checkIns = app.findCollectionByNameOrId("check_ins");
  checkIns.fields.add(new RelationField({ name: "door_pass", collectionId: saved.id, maxSelect: 1, cascadeDelete: false }));
  checkIns.fields.add(new RelationField({ name: "undone_door_pass", collectionId: saved.id, maxSelect: 1, cascadeDelete: false }));
  app.save(checkIns);
}, (app) => {
  const checkIns = app.findCollectionByNameOrId("check_ins");
  checkIns.fields.removeByName("door_pass");
  checkIns.fields.removeByName("undone_door_pass");
  app.save(checkIns);
  app.delete(app.findCollectionByNameOrId("door_passes"));
});
