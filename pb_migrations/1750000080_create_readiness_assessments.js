/// <reference path="../pb_data/types.d.ts" />
// Creates `readiness_assessments`: an attendee's AI readiness questionnaire
// answers and result. Owner-only: each user reads and writes only its own rows
// (synced to its devices); a create must name the signed-in user as owner.

migrate((app) => {
  const users = app.findCollectionByNameOrId("users");
  const owner = 'owner = @request.auth.id';

  const assessments = new Collection({
    type: "base",
    name: "readiness_assessments",
    listRule: owner,
    viewRule: owner,
    createRule: '@request.auth.id != "" && @request.body.owner = @request.auth.id',
    updateRule: 'owner = @request.auth.id && @request.body.owner:changed = false',
    deleteRule: owner,
    fields: [
      { name: "owner", type: "relation", required: true, collectionId: users.id, maxSelect: 1, cascadeDelete: true },
      { name: "answers", type: "json", maxSize: 100000 },
      { name: "score", type: "number", min: 0, max: 100, onlyInt: true },
      { name: "level", type: "text", max: 100 },
      { name: "status", type: "select", required: true, maxSelect: 1, values: ["in_progress", "completed"] },
      { name: "completed_at", type: "date" },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: [
      "CREATE INDEX idx_readiness_assessments_owner_updated ON readiness_assessments (owner, updated)",
      "CREATE INDEX idx_readiness_assessments_updated ON readiness_assessments (updated)",
    ],
  });

  app.save(assessments);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("readiness_assessments"));
});
