/// <reference path="../pb_data/types.d.ts" />
// Custom use case drafts (signed-in users only):
//   POST /api/masterclass/use-cases/generate — a draft from the AI model when one is
//   configured (AI_API_URL, AI_API_KEY), otherwise `{ source: "device" }` and on any
//   failure `{ source: "device", reason }`, so the page drafts on the device (lib/tools/use-case-generate.js)
//   GET /api/masterclass/admin/use-case-model — administrators: `{ configured, model? }`

routerAdd(
  "POST",
  "/api/masterclass/use-cases/generate",
  (e) => require(`${__hooks}/lib/tools/use-case-generate.js`).handleGenerate(e),
  $apis.requireAuth("users"),
);

routerAdd(
  "GET",
  "/api/masterclass/admin/use-case-model",
  (e) => require(`${__hooks}/lib/tools/use-case-generate.js`).handleModelStatus(e),
  $apis.requireAuth(),
);
