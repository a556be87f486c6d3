/// <reference path="../pb_data/types.d.ts" />
// Creates `speakers`: the two co-host speakers shown on the landing page.
// Public read; administrators write.

migrate((app) => {
  const admin = '@request.auth.role = "administrator"';

  const speakers = new Collection({
    type: "base",
    name: "speakers",
    listRule: "",
    viewRule: "",
    createRule: admin,
    updateRule: admin,
    deleteRule: admin,
    fields: [
      { name: "name", type: "text", required: true, max: 200, presentable: true },
      { name: "role", type: "text", required: true, max: 200 },
      { name: "organisation", type: "text", max: 200 },
      { name: "bio", type: "text", max: 5000 },
      { name: "website", type: "url" },
      {
        name: "image",
        type: "file",
        maxSelect: 1,
        maxSize: 2 * 1024 * 1024,
        mimeTypes: ["image/svg+xml", "image/png", "image/jpeg", "image/webp"],
        thumbs: ["400x400"],
      },
      { name: "sort", type: "number", onlyInt: true },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: [
      "CREATE INDEX idx_speakers_updated ON speakers (updated)",
    ],
  });

  app.save(speakers);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("speakers"));
});
