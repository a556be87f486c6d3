/// <reference path="../pb_data/types.d.ts" />
// Administrators manage promo codes in the admin area (Event & Promo Codes):
// they list, view, create and update them. Nobody deletes one through the API
// (a registration may point at it): a code is deactivated instead. Attendees
// and guests still read none; codes are validated only by server routes.
// What an administrator may change is checked by pb_hooks/admin-event.pb.js.

const ADMIN = '@request.auth.role = "administrator"';

migrate((app) => {
  const promoCodes = app.findCollectionByNameOrId("promo_codes");
  promoCodes.listRule = ADMIN;
  promoCodes.viewRule = ADMIN;
  promoCodes.createRule = ADMIN;
  promoCodes.updateRule = ADMIN;
  promoCodes.deleteRule = null;
  app.save(promoCodes);
}, (app) => {
  const promoCodes = app.findCollectionByNameOrId("promo_codes");
  promoCodes.listRule = null;
  promoCodes.viewRule = null;
  promoCodes.createRule = null;
  promoCodes.updateRule = null;
  promoCodes.deleteRule = null;
  app.save(promoCodes);
});
