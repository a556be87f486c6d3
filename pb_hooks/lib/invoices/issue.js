/// <reference path="../../../pb_data/types.d.ts" />
// Issuing tax documents, inside the transaction that records the money
// (pb_hooks/invoices.pb.js calls these from record hooks):
// - a tax invoice when a paid order (kind `paid`, a Stripe or simulated
//   checkout session, an amount above zero) becomes paid: its number, the
//   seats, the unit price, the total and the GST in it, and the seller as
//   the settings give it then;
// - an adjustment note when the refund of an attendee's share of an order
//   with an invoice is recorded (payment_actions with an attendee): the
//   amount refunded and the GST in it, referring to the invoice.
// Free (promo) and waitlist orders get none; nor does a whole payment
// refunded because its seats were gone (that order was never confirmed, so
// never invoiced).
//
// Numbers: the next number of the kind is the highest one + 1, read and
// written in the same transaction. PocketBase runs every write transaction
// on its one writer connection, so two payments confirmed at the same moment
// are numbered one after the other; the unique index (kind, number) would
// refuse a duplicate (and with it the payment's transaction) rather than
// print one. A transaction that rolls back takes its number with it, so the
// numbers have no gaps unless a document is deleted, which the server never does.

function rules() {
  return require(`${__hooks}/lib/invoices/rules.js`);
}

function nextNumber(txApp, kind) {
  const result = new DynamicModel({ highest: 0 });
  txApp.db()
    .newQuery("SELECT COALESCE(MAX([[number]]), 0) AS highest FROM {{tax_documents}} WHERE [[kind]] = {:kind}")
    .bind({ kind })
    .one(result);
  return result.highest + 1;
}

function findOne(txApp, filter, params) {
  const found = txApp.findRecordsByFilter("tax_documents", filter, "", 1, 0, params);
  return found.length > 0 ? found[0] : null;
}

/** The invoice of an order, or null. */
function invoiceOf(app, registrationId) {
  if (!registrationId) return null;
  return findOne(app, "kind = 'invoice' && registration = {:registration}", { registration: registrationId });
}

/** Whether an order is one we invoice: paid by checkout, for money. */
function isInvoiceable(registration) {
  return registration.getString("kind") === "paid"
    && registration.getString("stripe_session_id") !== ""
    && registration.getInt("total_amount_cents") > 0;
}

function saveDocument(txApp, fields) {
  const record = new Record(txApp.findCachedCollectionByNameOrId("tax_documents"));
  record.load({
    ...fields,
    number: nextNumber(txApp, fields.kind),
    seller: require(`${__hooks}/lib/invoices/seller.js`).snapshot(txApp),
    issued_at: require(`${__hooks}/lib/core/db-date.js`).dbNow(),
  });
  txApp.save(record);
  return record;
}

/**
 * The order's tax invoice, issued once (a replay finds it and adds nothing).
 * Returns it, or null for an order that gets none.
 * @param {core.App} txApp
 * @param {core.Record} registration just saved as paid
 */
function issueInvoice(txApp, registration) {
  if (!isInvoiceable(registration)) return null;
  const existing = invoiceOf(txApp, registration.id);
  if (existing) return existing;
  const quantity = txApp.countRecords("attendees", $dbx.hashExp({ registration: registration.id }));
  const total = registration.getInt("total_amount_cents");
  return saveDocument(txApp, {
    kind: "invoice",
    registration: registration.id,
    quantity,
    unit_price_cents: quantity > 0 ? Math.floor(total / quantity) : total,
    amount_cents: total,
    gst_cents: rules().gstIncluded(total),
    currency: registration.getString("currency") || "AUD",
    simulated: require(`${__hooks}/lib/checkout/mode.js`).isSimulatedSession(registration.getString("stripe_session_id")),
  });
}

/**
 * The adjustment note of one attendee's refund, issued once per refund, for
 * an order that has an invoice. Returns it, or null.
 * @param {core.App} txApp
 * @param {core.Record} action the payment action just recorded
 */
function issueAdjustment(txApp, action) {
  if (action.getString("kind") !== "refund" || !action.getString("attendee") || action.getInt("amount_cents") <= 0) return null;
  const invoice = invoiceOf(txApp, action.getString("registration"));
  if (!invoice) return null;
  const existing = findOne(txApp, "payment_action = {:action}", { action: action.id });
  if (existing) return existing;
  const amount = action.getInt("amount_cents");
  return saveDocument(txApp, {
    kind: "adjustment",
    registration: action.getString("registration"),
    payment_action: action.id,
    attendee: action.getString("attendee"),
    invoice_number: invoice.getInt("number"),
    quantity: 1,
    unit_price_cents: amount,
    amount_cents: amount,
    gst_cents: rules().gstIncluded(amount),
    currency: action.getString("currency") || invoice.getString("currency"),
    simulated: action.getBool("simulated") || invoice.getBool("simulated"),
  });
}

/** An order's documents, the invoice first, then its adjustment notes by number. */
function documentsOf(app, registrationId) {
  return app.findRecordsByFilter("tax_documents", "registration = {:registration}", "-kind,number", 0, 0, { registration: registrationId });
}

module.exports = { isInvoiceable, invoiceOf, issueInvoice, issueAdjustment, documentsOf };
