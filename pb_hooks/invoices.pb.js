/// <reference path="../pb_data/types.d.ts" />
// Tax invoices and adjustment notes (lib/invoices/):
//   GET /api/masterclass/orders/{id}/tax-documents?key=…        — the order's documents (the order link's key)
//   GET /api/masterclass/orders/{id}/invoice.pdf?key=…           — its tax invoice
//   GET /api/masterclass/orders/{id}/adjustment-notes/{number}?key=… — one adjustment note (AN-000001)
//   GET /api/masterclass/me/tax-documents                        — the signed-in buyer's documents
//   GET /api/masterclass/me/tax-documents/{id}                   — one of them as a PDF
//   GET/PUT /api/masterclass/admin/seller                        — the seller's details (administrators)
// Issued in the transaction that records the money: the invoice when a paid
// order becomes paid, an adjustment note when an attendee's refund is recorded.

routerAdd("GET", "/api/masterclass/orders/{id}/tax-documents", (e) => require(`${__hooks}/lib/invoices/routes.js`).handleOrderList(e));
routerAdd("GET", "/api/masterclass/orders/{id}/invoice.pdf", (e) => require(`${__hooks}/lib/invoices/routes.js`).handleOrderInvoice(e));
routerAdd("GET", "/api/masterclass/orders/{id}/adjustment-notes/{number}", (e) => require(`${__hooks}/lib/invoices/routes.js`).handleOrderAdjustment(e));
routerAdd("GET", "/api/masterclass/me/tax-documents", (e) => require(`${__hooks}/lib/invoices/routes.js`).handleMyList(e));
routerAdd("GET", "/api/masterclass/me/tax-documents/{id}", (e) => require(`${__hooks}/lib/invoices/routes.js`).handleMyDocument(e));
routerAdd("GET", "/api/masterclass/admin/seller", (e) => require(`${__hooks}/lib/invoices/routes.js`).handleSellerRead(e));
routerAdd("PUT", "/api/masterclass/admin/seller", (e) => require(`${__hooks}/lib/invoices/routes.js`).handleSellerSave(e));

// A paid order becomes paid: its invoice, in the same transaction.
onRecordUpdate((e) => {
  const before = e.record.original().getString("status");
  e.next();
  const now = e.record.getString("status");
  if (now === "paid" && before !== "paid" && before !== "completed") {
    require(`${__hooks}/lib/invoices/issue.js`).issueInvoice(e.app, e.record);
  }
}, "registrations");

// An attendee's refund is recorded: its adjustment note, in the same transaction.
onRecordCreate((e) => {
  e.next();
  require(`${__hooks}/lib/invoices/issue.js`).issueAdjustment(e.app, e.record);
}, "payment_actions");

// A SELLER_ABN that fails the ABN check stops the boot with the reason.
onBootstrap((e) => {
  const problem = require(`${__hooks}/lib/invoices/seller.js`).environmentProblem();
  if (problem) throw new Error(`Refusing to start: ${problem}`);
  e.next();
});
