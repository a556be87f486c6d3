/// <reference path="../pb_data/types.d.ts" />
// Speaker photos are JPEG, PNG or WebP images: the photo field no longer
// takes SVG (which can carry a script). PocketBase judges a file's type by
// its content; the request hook (lib/events/speaker-photos.js) answers with
// the admin form's words. The seeded illustrated portraits, SVG until now,
// become PNG renderings of themselves (pb_hooks/lib/seed/portraits/), on every
// masterclass they were copied to; any other SVG photo an administrator
// uploaded earlier keeps its file (PocketBase serves it sandboxed) until it
// is replaced, and is left out when a masterclass is copied.

const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"];
const BEFORE = ["image/svg+xml", "image/png", "image/jpeg", "image/webp"];

migrate((app) => {
  const speakers = app.findCollectionByNameOrId("speakers");
  speakers.fields.getByName("image").mimeTypes = PHOTO_TYPES;
  app.save(speakers);

  const { speakers: seeds } = require(`${__hooks}/lib/seed/speakers.js`);
  for (const seed of seeds) {
    const png = `${__hooks}/lib/seed/portraits/${seed.fileName.replace(/\.svg$/, ".png")}`;
    const records = app.findRecordsByFilter("speakers", "name = {:name} && image ~ '.svg'", "", 0, 0, { name: seed.name });
    for (const record of records) {
      record.set("image", $filesystem.fileFromPath(png));
      app.save(record);
    }
  }
}, (app) => {
  const speakers = app.findCollectionByNameOrId("speakers");
  speakers.fields.getByName("image").mimeTypes = BEFORE;
  app.save(speakers);
});
