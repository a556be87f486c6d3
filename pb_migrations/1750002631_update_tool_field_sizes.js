/// <reference path="../pb_data/types.d.ts" />
// Tighter sizes for what an attendee writes in the workshop tools: a saved use
// case's draft (saved_use_cases.generated) at most 64 KB as stored (it was
// 100 KB; a full draft at every text limit of shared/use-case-draft-rules.json
// is about 40 KB in Latin letters; lib/tools/saved-use-case-shape.js says so
// in words first), and a readiness assessment's answers at most 4 KB (24
// answers take under 1 KB; it was 100 KB). Stored values are kept; the next
// save must fit. The account's total is capped by lib/tools/owner-quota.js.

const SIZES = [
  ["saved_use_cases", "generated", 65536, 100000],
  ["readiness_assessments", "answers", 4096, 100000],
];

function apply(app, pick) {
  for (const [name, field, now, before] of SIZES) {
    const collection = app.findCollectionByNameOrId(name);
    collection.fields.getByName(field).maxSize = pick(now, before);
    app.save(collection);
  }
}

migrate((app) => apply(app, (now) => now), (app) => apply(app, (now, before) => before));
