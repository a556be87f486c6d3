/// <reference path="../pb_data/types.d.ts" />
// Seeds the starter AI use case library (44 use cases, 11 industries).
// Data: pb_hooks/lib/seed/use-cases.js.

migrate((app) => {
  const useCases = require(`${__hooks}/lib/seed/use-cases.js`);
  const collection = app.findCollectionByNameOrId("ai_use_cases");

  for (const useCase of useCases) {
    const record = new Record(collection);
    record.load(useCase);
    app.save(record);
  }
}, (app) => {
  const useCases = require(`${__hooks}/lib/seed/use-cases.js`);
  for (const useCase of useCases) {
    const record = app.findFirstRecordByData("ai_use_cases", "title", useCase.title);
    app.delete(record);
  }
});
