/// <reference path="../pb_data/types.d.ts" />
// Checkout routes (public; the session id is the capability):
//   GET  /api/masterclass/checkout/{sessionId}                 — state for the return page (lib/checkout/status.js)
//   POST /api/masterclass/checkout/simulated/{sessionId}/pay    — simulated checkout, SIMULATED_CHECKOUT on only
//   POST /api/masterclass/checkout/simulated/{sessionId}/cancel — (lib/checkout/simulated.js)
// On boot, an inconsistent checkout configuration (half a Stripe setup, or
// the simulated checkout beside a Stripe key) stops the server before it
// serves anything: throwing here makes `serve` exit non-zero with the reason
// (lib/checkout/mode.js).

onBootstrap((e) => {
  require(`${__hooks}/lib/checkout/mode.js`).assertCheckoutConfiguration();
  e.next();
});

routerAdd("GET", "/api/masterclass/checkout/{sessionId}", (e) => require(`${__hooks}/lib/checkout/status.js`).handleCheckoutStatus(e));
routerAdd("POST", "/api/masterclass/checkout/simulated/{sessionId}/pay", (e) => require(`${__hooks}/lib/checkout/simulated.js`).handleSimulatedPay(e));
routerAdd("POST", "/api/masterclass/checkout/simulated/{sessionId}/cancel", (e) => require(`${__hooks}/lib/checkout/simulated.js`).handleSimulatedCancel(e));
