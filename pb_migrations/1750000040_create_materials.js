/// <reference path="../pb_data/types.d.ts" />
// Creates `materials`: the session downloads. Signed-in users may read them
// (and download the protected files) once the event's portal has unlocked;
// administrators always; administrators write.

migrate((app) => {
  const events = app.findCollectionByNameOrId("events");
  const admin = '@request.auth.role = "administrator"';
  const unlocked = '@request.auth.id != "" && (@request.auth.role = "administrator" || @now >= event.portal_unlock_at)';

  const materials = new Collection({
    type: "base",
    name: "materials",
    listRule: unlocked,
    viewRule: unlocked,
    createRule: admin,
    updateRule: admin,
    deleteRule: admin,
    fields: [
      { name: "event", type: "relation", required: true, collectionId: events.id, maxSelect: 1, cascadeDelete: true },
      { name: "title", type: "text", required: true, max: 200, presentable: true },
      { name: "description", type: "text", max: 2000 },
      {
        name: "file",
        type: "file",
        required: true,
        maxSelect: 1,
        maxSize: 20 * 1024 * 1024,
        protected: true,
        mimeTypes: [
          "application/pdf",
          "text/csv",
          "text/markdown",
          "text/plain",
          "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        ],
      },
      { name: "sort", type: "number", onlyInt: true },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: [
      "CREATE INDEX idx_materials_updated ON materials (updated)",
      "CREATE INDEX idx_materials_event ON materials (event)",
    ],
  });

  app.save(materials);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("materials"));
});
