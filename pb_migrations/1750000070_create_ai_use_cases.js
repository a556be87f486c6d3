/// <reference path="../pb_data/types.d.ts" />
// Creates `ai_use_cases`: the use case library browsed in the portal's use
// case generator. Signed-in users read (and sync it offline); administrators write.

migrate((app) => {
  const admin = '@request.auth.role = "administrator"';
  const signedIn = '@request.auth.id != ""';

  const useCases = new Collection({
    type: "base",
    name: "ai_use_cases",
    listRule: signedIn,
    viewRule: signedIn,
    createRule: admin,
    updateRule: admin,
    deleteRule: admin,
    fields: [
      { name: "title", type: "text", required: true, max: 200, presentable: true },
      { name: "description", type: "text", max: 5000 },
      { name: "industry", type: "text", max: 100 },
      { name: "domain", type: "text", max: 200 },
      { name: "business_function", type: "text", max: 200 },
      { name: "ai_technique", type: "text", max: 200 },
      { name: "tags", type: "json", maxSize: 4000 },
      { name: "value_proposition", type: "text", max: 5000 },
      { name: "adoption_level", type: "select", maxSelect: 1, values: ["Emerging", "Growing", "Mainstream"] },
      { name: "problem_statement", type: "text", max: 5000 },
      { name: "solution_summary", type: "text", max: 5000 },
      { name: "challenges_risks", type: "text", max: 5000 },
      { name: "model_type", type: "text", max: 200 },
      { name: "input_data_type", type: "text", max: 200 },
      { name: "output_type", type: "text", max: 200 },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: [
      "CREATE INDEX idx_ai_use_cases_updated ON ai_use_cases (updated)",
      "CREATE INDEX idx_ai_use_cases_industry ON ai_use_cases (industry)",
      "CREATE INDEX idx_ai_use_cases_title ON ai_use_cases (title)",
    ],
  });

  app.save(useCases);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("ai_use_cases"));
});
