/// <reference path="../pb_data/types.d.ts" />
// The buyer's order without an account (lib/orders/order.js; the link: lib/orders/links.js):
//   GET /api/masterclass/orders/{id}?key=… — reference, amount, the masterclass and each attendee's current ticket

routerAdd("GET", "/api/masterclass/orders/{id}", (e) => require(`${__hooks}/lib/orders/order.js`).handleOrder(e));
