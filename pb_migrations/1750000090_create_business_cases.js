/// <reference path="../pb_data/types.d.ts" />
// Creates `business_cases`: an attendee's pitch-ready AI business cases.
// Owner-only: each user reads and writes only its own rows (synced to its
// devices); a create must name the signed-in user as owner.

migrate((app) => {
  const users = app.findCollectionByNameOrId("users");
  const owner = 'owner = @request.auth.id';

  const businessCases = new Collection({
    type: "base",
    name: "business_cases",
    listRule: owner,
    viewRule: owner,
    createRule: '@request.auth.id != "" && @request.body.owner = @request.auth.id',
    updateRule: 'owner = @request.auth.id && @request.body.owner:changed = false',
    deleteRule: owner,
    fields: [
      { name: "owner", type: "relation", required: true, collectionId: users.id, maxSelect: 1, cascadeDelete: true },
      { name: "title", type: "text", required: true, max: 200, presentable: true },
      { name: "problem_statement", type: "text", max: 10000 },
      { name: "proposed_solution", type: "text", max: 10000 },
      { name: "expected_benefits", type: "text", max: 10000 },
      { name: "estimated_cost_cents", type: "number", min: 0, onlyInt: true },
      { name: "estimated_annual_benefit_cents", type: "number", min: 0, onlyInt: true },
      { name: "currency", type: "text", min: 3, max: 3, pattern: "^[A-Z]{3}$" },
      { name: "risks", type: "text", max: 10000 },
      { name: "timeline", type: "text", max: 10000 },
      { name: "success_metrics", type: "text", max: 10000 },
      { name: "status", type: "select", required: true, maxSelect: 1, values: ["draft", "ready"] },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: [
      "CREATE INDEX idx_business_cases_owner_updated ON business_cases (owner, updated)",
      "CREATE INDEX idx_business_cases_updated ON business_cases (updated)",
    ],
  });

  app.save(businessCases);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("business_cases"));
});
