/// <reference path="../../pb_data/types.d.ts" />
// Copies one masterclass's speakers, photos included, to another (the next
// masterclass starts with the last one's line-up; administrators then edit it).

/**
 * The speaker's stored photo as a new file to upload, or null when it has none
 * or it cannot be read (the copy then has no photo; the original keeps its own).
 * @param {core.Record} speaker
 */
function photoCopy(speaker) {
  const name = speaker.getString("image");
  if (!name) return null;
  let fsys = null;
  let reader = null;
  try {
    fsys = $app.newFilesystem();
    reader = fsys.getReader(`${speaker.baseFilesPath()}/${name}`);
    return $filesystem.fileFromBytes(toBytes(reader), name);
  } catch (error) {
    $app.logger().warn("A speaker's photo could not be copied", "speaker", speaker.id, "error", String(error));
    return null;
  } finally {
    reader?.close();
    fsys?.close();
  }
}

/**
 * Creates a copy of every speaker of `from` for `to`, in their order; returns how many.
 * @param {core.App} txApp the transaction's app
 * @param {core.Record} from
 * @param {core.Record} to
 */
function copySpeakers(txApp, from, to) {
  const speakers = txApp.findRecordsByFilter("speakers", "event = {:event}", "sort,created", 0, 0, { event: from.id });
  for (const speaker of speakers) {
    const copy = new Record(speaker.collection());
    for (const field of ["name", "role", "organisation", "bio", "website", "sort"]) copy.set(field, speaker.get(field));
    copy.set("event", to.id);
    const photo = photoCopy(speaker);
    if (photo) copy.set("image", photo);
    txApp.save(copy);
  }
  return speakers.length;
}

module.exports = { copySpeakers };
