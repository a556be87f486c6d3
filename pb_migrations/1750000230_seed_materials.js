/// <reference path="../pb_data/types.d.ts" />
// Seeds the four downloadable session materials as PDFs rendered at migration
// time. Content: pb_hooks/lib/seed/materials.js; renderer: pb_hooks/lib/seed/pdf.js.

migrate((app) => {
  const { documents, footer } = require(`${__hooks}/lib/seed/materials.js`);
  const { renderPdf } = require(`${__hooks}/lib/seed/pdf.js`);
  const event = app.findFirstRecordByData("events", "title", "AI CHAMPIONS MASTERCLASS");
  const collection = app.findCollectionByNameOrId("materials");

  documents.forEach((doc, index) => {
    const record = new Record(collection);
    record.load({ event: event.id, title: doc.title, description: doc.description, sort: index + 1 });
    const pdf = renderPdf({ title: doc.title, footer, blocks: doc.blocks });
    record.set("file", $filesystem.fileFromBytes(pdf, doc.fileName));
    app.save(record);
  });
}, (app) => {
  const { documents } = require(`${__hooks}/lib/seed/materials.js`);
  for (const doc of documents) {
    app.delete(app.findFirstRecordByData("materials", "title", doc.title));
  }
});
