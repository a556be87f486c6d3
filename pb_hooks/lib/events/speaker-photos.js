/// <reference path="../../../pb_data/types.d.ts" />
// A speaker's photo is a JPEG, PNG or WebP image, judged by its content
// (lib/core/file-types.js), never by its name or the type the browser sent:
// anything else (an SVG, which can carry a script; HTML; GIF) is answered 400
// on the photo field with the words the admin form shows, and nothing is
// saved. The collection's field allows the same three types
// (pb_migrations/1750002621_update_speakers_photo_types.js), so a save that
// skips the request hooks is refused too.

const MESSAGE = "Choose a photo in JPEG, PNG or WebP format.";
const FIELD = "image";
// Enough for every signature photoType reads.
const SNIFF_BYTES = 64;

/** The first bytes of an uploaded file. @param {filesystem.File} file */
function firstBytes(file) {
  const reader = file.reader.open();
  try {
    return toBytes(reader, SNIFF_BYTES);
  } finally {
    reader.close();
  }
}

/** Whether every photo uploaded with this request (to `field`, the speaker's by default) is a JPEG, PNG or WebP image. @param {core.Record} record */
function photosAccepted(record, field) {
  const { photoType } = require(`${__hooks}/lib/core/file-types.js`);
  return record.getUnsavedFiles(field || FIELD).every((file) => {
    try {
      return photoType(firstBytes(file)) !== "";
    } catch {
      return false;
    }
  });
}

/**
 * onRecordCreateRequest / onRecordUpdateRequest for speakers (after the
 * collection's rules): a photo that is not a JPEG, PNG or WebP image is
 * answered 400 on `image`.
 * @param {core.RecordRequestEvent} e
 */
function checkSpeakerPhoto(e) {
  if (photosAccepted(e.record)) return e.next();
  // Answered directly: PocketBase's own errors would replace the message.
  return e.json(400, { status: 400, message: MESSAGE, data: { [FIELD]: { code: "photo_type", message: MESSAGE } } });
}

/** Whether stored photo bytes may be a speaker's photo (the copy of a masterclass skips any other). */
function isAcceptedPhoto(bytes) {
  return require(`${__hooks}/lib/core/file-types.js`).photoType(bytes) !== "";
}

module.exports = { MESSAGE, checkSpeakerPhoto, isAcceptedPhoto, photosAccepted };
