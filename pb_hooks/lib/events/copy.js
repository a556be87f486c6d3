/// <reference path="../../../pb_data/types.d.ts" />
// Copies what belongs to one masterclass to another, files included: the next
// masterclass starts with the last one's speakers (photos too) and session
// materials; administrators then edit them.

/** What is copied of each collection: its own fields and its one file field. */
const COPIED = {
  speakers: { fields: ["name", "role", "organisation", "bio", "website", "sort"], file: "image" },
  materials: { fields: ["title", "description", "sort"], file: "file" },
};

/**
 * The record's stored file as a new file to upload, or null when it has none,
 * it cannot be read, or it is a speaker photo of a type no longer taken (an SVG
 * uploaded before photos had to be JPEG, PNG or WebP): the copy then goes
 * without it; the original keeps its own.
 * @param {core.Record} record
 * @param {string} field
 */
function fileCopy(record, field) {
  const name = record.getString(field);
  if (!name) return null;
  let fsys = null;
  let reader = null;
  try {
    fsys = $app.newFilesystem();
    reader = fsys.getReader(`${record.baseFilesPath()}/${name}`);
    const bytes = toBytes(reader);
    if (record.collection().name === "speakers" && !require(`${__hooks}/lib/events/speaker-photos.js`).isAcceptedPhoto(bytes)) {
      $app.logger().warn("A speaker photo that is not a JPEG, PNG or WebP image was not copied to the next masterclass", "record", record.id);
      return null;
    }
    return $filesystem.fileFromBytes(bytes, name);
  } catch (error) {
    $app.logger().warn("A file could not be copied to the next masterclass", "record", record.id, "error", String(error));
    return null;
  } finally {
    reader?.close();
    fsys?.close();
  }
}

/**
 * Creates a copy of every record of `collection` (speakers or materials) that
 * belongs to `from`, for `to`, in their order; returns how many were copied.
 * @param {core.App} txApp the transaction's app
 * @param {"speakers" | "materials"} collection
 * @param {core.Record} from
 * @param {core.Record} to
 */
function copyEventRecords(txApp, collection, from, to) {
  const { fields, file } = COPIED[collection];
  const records = txApp.findRecordsByFilter(collection, "event = {:event}", "sort,created", 0, 0, { event: from.id });
  let copied = 0;
  for (const record of records) {
    const copy = new Record(record.collection());
    for (const field of fields) copy.set(field, record.get(field));
    copy.set("event", to.id);
    const stored = fileCopy(record, file);
    // A material without its file cannot be saved (the file is required): it is left out.
    if (!stored && collection === "materials") continue;
    if (stored) copy.set(file, stored);
    txApp.save(copy);
    copied += 1;
  }
  return copied;
}

module.exports = { copyEventRecords };
