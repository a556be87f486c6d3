/// <reference path="../../../pb_data/types.d.ts" />
// An account's uploaded profile photo (`users.photo`) is a JPEG, PNG or WebP
// image judged by its content, as the speakers' photos are
// (lib/events/speaker-photos.js): anything else is answered 400 on `photo`
// with the profile page's words and nothing is saved. The field itself
// allows the same three types and at most 5 MB
// (pb_migrations/1750002941_update_attendee_self_service.js), and PocketBase
// serves it in thumbnails (96×96, 240×240).

const MESSAGE = "Choose a photo in JPEG, PNG or WebP format.";
const FIELD = "photo";

/** onRecordCreateRequest / onRecordUpdateRequest for users. @param {core.RecordRequestEvent} e */
function checkProfilePhoto(e) {
  if (require(`${__hooks}/lib/events/speaker-photos.js`).photosAccepted(e.record, FIELD)) return e.next();
  return e.json(400, { status: 400, message: MESSAGE, data: { [FIELD]: { code: "photo_type", message: MESSAGE } } });
}

module.exports = { MESSAGE, checkProfilePhoto };
