/// <reference path="../pb_data/types.d.ts" />
// Checkout routes (public; the session id is the capability):
//   GET  /api/masterclass/checkout/{sessionId}                 — state for the return page (lib/checkout-status.js)
//   POST /api/masterclass/checkout/simulated/{sessionId}/pay    — simulated checkout, no Stripe key only
//   POST /api/masterclass/checkout/simulated/{sessionId}/cancel — (lib/simulated-checkout.js)

routerAdd("GET", "/api/masterclass/checkout/{sessionId}", (e) => require(`${__hooks}/lib/checkout-status.js`).handleCheckoutStatus(e));
routerAdd("POST", "/api/masterclass/checkout/simulated/{sessionId}/pay", (e) => require(`${__hooks}/lib/simulated-checkout.js`).handleSimulatedPay(e));
routerAdd("POST", "/api/masterclass/checkout/simulated/{sessionId}/cancel", (e) => require(`${__hooks}/lib/simulated-checkout.js`).handleSimulatedCancel(e));
