/// <reference path="../pb_data/types.d.ts" />
// Seeds the two co-host speakers (Chief Technology Officer, VP Of Sales) with
// their generated SVG portraits. Data: pb_hooks/lib/seed/speakers.js.

migrate((app) => {
  const { speakers, portraitSvg } = require(`${__hooks}/lib/seed/speakers.js`);
  const collection = app.findCollectionByNameOrId("speakers");

  for (const speaker of speakers) {
    const record = new Record(collection);
    record.load({
      name: speaker.name,
      role: speaker.role,
      organisation: speaker.organisation,
      bio: speaker.bio,
      website: speaker.website,
      sort: speaker.sort,
    });
    record.set("image", $filesystem.fileFromBytes(portraitSvg(speaker), speaker.fileName));
    app.save(record);
  }
}, (app) => {
  const { speakers } = require(`${__hooks}/lib/seed/speakers.js`);
  for (const speaker of speakers) {
    app.delete(app.findFirstRecordByData("speakers", "name", speaker.name));
  }
});
