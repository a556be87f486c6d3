/// <reference path="../pb_data/types.d.ts" />
// Attendees keep their own details right (pb_hooks/lib/attendees/self-service.js):
// - a seat passed to a colleague: the colleague gets a new attendee row on the
//   same registration (`replaces` names the row it took the seat of) and the
//   original row is cancelled with `cancelled_by = substitution`, in one
//   transaction, so the seat count never changes and each row stays the
//   history of one person;
// - a profile photo uploaded to the account (`users.photo`): JPEG, PNG or
//   WebP, at most 5 MB, served in thumbnails like the speakers' photos.

const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"];

migrate((app) => {
  const attendees = app.findCollectionByNameOrId("attendees");
  attendees.fields.getByName("cancelled_by").values = ["attendee", "link", "administrator", "substitution"];
  attendees.fields.add(new RelationField({ name: "replaces", collectionId: attendees.id, maxSelect: 1, cascadeDelete: false }));
  app.save(attendees);

  const users = app.findCollectionByNameOrId("users");
  users.fields.add(new FileField({
    name: "photo",
    maxSelect: 1,
    maxSize: 5 * 1024 * 1024,
    mimeTypes: PHOTO_TYPES,
    thumbs: ["96x96", "240x240"],
  }));
  app.save(users);
}, (app) => {
  const attendees = app.findCollectionByNameOrId("attendees");
  attendees.fields.removeByName("replaces");
  attendees.fields.getByName("cancelled_by").values = ["attendee", "link", "administrator"];
  app.save(attendees);

  const users = app.findCollectionByNameOrId("users");
  users.fields.removeByName("photo");
  app.save(users);
});
