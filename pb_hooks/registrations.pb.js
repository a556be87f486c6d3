/// <reference path="../pb_data/types.d.ts" />
// Registration routes (public, no session needed):
//   POST /api/masterclass/registrations   — paid, promo or waitlist (lib/registrations.js)
//   POST /api/masterclass/promo/validate  — is this promo code usable (lib/promo.js)

routerAdd("POST", "/api/masterclass/registrations", (e) => require(`${__hooks}/lib/registrations.js`).handleCreateRegistration(e));
routerAdd("POST", "/api/masterclass/promo/validate", (e) => require(`${__hooks}/lib/promo.js`).handleValidatePromo(e));
