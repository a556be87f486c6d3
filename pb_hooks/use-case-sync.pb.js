/// <reference path="../pb_data/types.d.ts" />
// Signed-in users (the collection's list rule):
//   GET /api/masterclass/use-cases/sync?since=&after_updated=&after_id=&limit= — one page of the
//   use case library for the sync's pull, ordered by (updated, id) (lib/tools/use-case-sync.js).
// Guests get 401.

routerAdd(
  "GET",
  "/api/masterclass/use-cases/sync",
  (e) => require(`${__hooks}/lib/tools/use-case-sync.js`).handleUseCaseSync(e),
  $apis.requireAuth(),
);
