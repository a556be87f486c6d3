/// <reference path="../pb_data/types.d.ts" />
// Tax invoices and adjustment notes (pb_hooks/lib/invoices/):
// - seller_details: the one row of the seller's details printed on them
//   (legal name, ABN, address, email), edited by administrators through
//   /api/masterclass/admin/seller; an empty field falls back to its
//   environment variable (SELLER_LEGAL_NAME, SELLER_ABN, SELLER_ADDRESS,
//   SELLER_EMAIL), then to "not set";
// - tax_documents: one row per document issued, numbered once and never
//   again: `kind` invoice (one per paid order, on payment) or adjustment (one
//   per refund of an attendee's share); `number` counts each kind from 1,
//   unique, assigned in the transaction that records the payment or the
//   refund (SQLite's single writer hands out each number once; a rolled-back
//   payment takes its number with it). The amounts and the seller as printed
//   are kept with the number; names and emails are read from the order, so
//   anonymising a buyer reaches the documents too.
// Superusers only: the hooks serve them to the buyer and write them.

migrate((app) => {
  const seller = new Collection({
    type: "base",
    name: "seller_details",
    listRule: null,
    viewRule: null,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { name: "legal_name", type: "text", max: 200 },
      { name: "abn", type: "text", max: 20, pattern: "^[0-9 ]*$" },
      { name: "address", type: "text", max: 500 },
      { name: "email", type: "text", max: 254 },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
  });
  app.save(seller);
  app.save(new Record(seller));

  const registrations = app.findCollectionByNameOrId("registrations");
  const actions = app.findCollectionByNameOrId("payment_actions");
  const attendees = app.findCollectionByNameOrId("attendees");
  const documents = new Collection({
    type: "base",
    name: "tax_documents",
    listRule: null,
    viewRule: null,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { name: "kind", type: "select", required: true, maxSelect: 1, values: ["invoice", "adjustment"] },
      { name: "number", type: "number", required: true, min: 1, onlyInt: true, presentable: true },
      { name: "registration", type: "relation", collectionId: registrations.id, maxSelect: 1, cascadeDelete: false },
      { name: "payment_action", type: "relation", collectionId: actions.id, maxSelect: 1, cascadeDelete: false },
      { name: "attendee", type: "relation", collectionId: attendees.id, maxSelect: 1, cascadeDelete: false },
      { name: "invoice_number", type: "number", min: 0, onlyInt: true },
      { name: "quantity", type: "number", min: 0, onlyInt: true },
      { name: "unit_price_cents", type: "number", min: 0, onlyInt: true },
      { name: "amount_cents", type: "number", min: 0, onlyInt: true },
      { name: "gst_cents", type: "number", min: 0, onlyInt: true },
      { name: "currency", type: "text", required: true, max: 3 },
      { name: "simulated", type: "bool" },
      { name: "seller", type: "json", maxSize: 4000 },
      { name: "issued_at", type: "date", required: true },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: [
      "CREATE UNIQUE INDEX idx_tax_documents_kind_number ON tax_documents (kind, number)",
      "CREATE UNIQUE INDEX idx_tax_documents_invoice ON tax_documents (registration) WHERE kind = 'invoice' AND registration != ''",
      "CREATE UNIQUE INDEX idx_tax_documents_action ON tax_documents (payment_action) WHERE payment_action != ''",
    ],
  });
  app.save(documents);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("tax_documents"));
  app.delete(app.findCollectionByNameOrId("seller_details"));
});
