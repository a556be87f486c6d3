/// <reference path="../pb_data/types.d.ts" />
// Creates `saved_use_cases`: library use cases an attendee bookmarked, or
// custom ones the generator produced for them (kept in `generated`).
// Owner-only: each user reads and writes only its own rows (synced to its
// devices); a create must name the signed-in user as owner.

migrate((app) => {
  const users = app.findCollectionByNameOrId("users");
  const useCases = app.findCollectionByNameOrId("ai_use_cases");
  const owner = 'owner = @request.auth.id';

  const savedUseCases = new Collection({
    type: "base",
    name: "saved_use_cases",
    listRule: owner,
    viewRule: owner,
    createRule: '@request.auth.id != "" && @request.body.owner = @request.auth.id',
    updateRule: 'owner = @request.auth.id && @request.body.owner:changed = false',
    deleteRule: owner,
    fields: [
      { name: "owner", type: "relation", required: true, collectionId: users.id, maxSelect: 1, cascadeDelete: true },
      { name: "use_case", type: "relation", collectionId: useCases.id, maxSelect: 1, cascadeDelete: true },
      { name: "title", type: "text", required: true, max: 200, presentable: true },
      { name: "notes", type: "text", max: 10000 },
      { name: "generated", type: "json", maxSize: 100000 },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: [
      "CREATE UNIQUE INDEX idx_saved_use_cases_owner_use_case ON saved_use_cases (owner, use_case) WHERE use_case != ''",
      "CREATE INDEX idx_saved_use_cases_owner_updated ON saved_use_cases (owner, updated)",
      "CREATE INDEX idx_saved_use_cases_updated ON saved_use_cases (updated)",
    ],
  });

  app.save(savedUseCases);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("saved_use_cases"));
});
