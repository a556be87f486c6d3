/// <reference path="../pb_data/types.d.ts" />
// Registration routes (public, no session needed):
//   POST /api/masterclass/registrations   — paid, promo or waitlist (lib/registration/routes.js)
//   POST /api/masterclass/promo/validate  — is this promo code usable (lib/registration/promo.js)

routerAdd("POST", "/api/masterclass/registrations", (e) => require(`${__hooks}/lib/registration/routes.js`).handleCreateRegistration(e));
routerAdd("POST", "/api/masterclass/promo/validate", (e) => require(`${__hooks}/lib/registration/promo.js`).handleValidatePromo(e));
