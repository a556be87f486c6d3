/// <reference path="../pb_data/types.d.ts" />
// Custom use case drafts (signed-in users only):
//   POST /api/masterclass/use-cases/generate — a draft from the AI model when one is
//   configured (AI_API_URL, AI_API_KEY), otherwise or on any failure
//   `{ source: "device", reason }` so the page drafts on the device (lib/tools/use-case-generate.js)

routerAdd(
  "POST",
  "/api/masterclass/use-cases/generate",
  (e) => require(`${__hooks}/lib/tools/use-case-generate.js`).handleGenerate(e),
  $apis.requireAuth("users"),
);
