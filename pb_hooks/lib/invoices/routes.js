/// <reference path="../../../pb_data/types.d.ts" />
// Who may read which tax document, and the routes that serve them
// (pb_hooks/invoices.pb.js):
// - with the order link's key (lib/orders/links.js checkOrderKey, through
//   lib/orders/order.js requireOrder), the order's documents: a wrong or
//   malformed key answers exactly like an unknown order (404) and counts
//   against the client (RATE_LIMIT_ORDER_KEY_FAILURES); every call counts
//   against its address (RATE_LIMIT_IP_ORDERS);
// - signed in, the documents of the orders the account bought: the order's
//   primary email is the account's email (compared without letter case). An
//   attendee who did not buy their seat sees no other person's payment;
// - administrators: the seller's details (read and edit).
// PDFs are answered `private, no-store`, as downloads named after their number;
// a PDF that cannot be made (pocketbase/invoice.go returns the fault as an
// error) answers 503 in the usual JSON error shape, never a 500.

const MESSAGES = {
  noInvoice: "This order has no tax invoice: only paid orders get one (a free or waitlist registration has nothing to invoice).",
  documentNotFound: "We could not find this document.",
  signIn: "Please sign in to download your tax invoices.",
  adminOnly: "Only administrators can change the seller's details.",
  unavailable: "We could not make this document just now. We have noted the problem; please try again later, or contact us.",
};

function errors() {
  return require(`${__hooks}/lib/core/errors.js`);
}

function issue() {
  return require(`${__hooks}/lib/invoices/issue.js`);
}

/**
 * The order the link names, or the 404 an unknown order or a wrong key gets
 * (lib/orders/order.js requireOrder: wrong keys count against the client).
 */
function orderByKey(e) {
  return require(`${__hooks}/lib/orders/order.js`).requireOrder(e);
}

/** A document as lists show it; `url` is where the caller downloads it. */
function summary(document, url) {
  const rules = require(`${__hooks}/lib/invoices/rules.js`);
  const kind = document.getString("kind");
  return {
    id: document.id,
    kind,
    title: kind === "invoice" ? "Tax invoice" : "Adjustment note",
    number: rules.documentNumber(kind, document.getInt("number")),
    invoiceNumber: kind === "adjustment" ? rules.documentNumber("invoice", document.getInt("invoice_number")) : "",
    issuedAt: document.getString("issued_at"),
    amountCents: document.getInt("amount_cents"),
    gstCents: document.getInt("gst_cents"),
    currency: document.getString("currency"),
    fileName: require(`${__hooks}/lib/invoices/document.js`).fileName(document),
    url,
  };
}

/** The document's PDF as a download; a PDF that cannot be made answers 503 with the reason logged once. */
function sendPdf(e, document) {
  const pdf = require(`${__hooks}/lib/invoices/document.js`);
  let bytes;
  try {
    bytes = pdf.renderPdf(e.app, document);
  } catch (error) {
    e.app.logger().error("A tax document could not be made for download", "document", document.id, "error", errors().describeError(error));
    throw errors().refusal(503, "document", "unavailable", MESSAGES.unavailable);
  }
  e.response.header().set("Content-Disposition", `attachment; filename="${pdf.fileName(document)}"`);
  e.response.header().set("Cache-Control", "private, no-store");
  e.response.header().set("X-Robots-Tag", "noindex");
  return e.blob(200, "application/pdf", bytes);
}

function orderDocumentUrl(e, registrationId, document, key) {
  const base = `/api/masterclass/orders/${encodeURIComponent(registrationId)}`;
  const path = document.getString("kind") === "invoice"
    ? `${base}/invoice.pdf`
    : `${base}/adjustment-notes/${require(`${__hooks}/lib/invoices/rules.js`).documentNumber("adjustment", document.getInt("number"))}`;
  return `${path}?key=${encodeURIComponent(key)}`;
}

/** GET /api/masterclass/orders/{id}/tax-documents?key=… → {documents: [...]} */
function handleOrderList(e) {
  return errors().answerRefusals(e, () => {
    const registration = orderByKey(e);
    const key = e.request.url.query().get("key");
    const documents = issue().documentsOf(e.app, registration.id).map((document) => summary(document, orderDocumentUrl(e, registration.id, document, key)));
    e.response.header().set("Cache-Control", "private, no-store");
    return e.json(200, { documents });
  });
}

/** GET /api/masterclass/orders/{id}/invoice.pdf?key=… */
function handleOrderInvoice(e) {
  return errors().answerRefusals(e, () => {
    const registration = orderByKey(e);
    const invoice = issue().invoiceOf(e.app, registration.id);
    if (!invoice) throw errors().refusal(404, "invoice", "not_found", MESSAGES.noInvoice);
    return sendPdf(e, invoice);
  });
}

/** GET /api/masterclass/orders/{id}/adjustment-notes/{number}?key=… (number: AN-000001) */
function handleOrderAdjustment(e) {
  return errors().answerRefusals(e, () => {
    const registration = orderByKey(e);
    const wanted = e.request.pathValue("number");
    const note = issue().documentsOf(e.app, registration.id).find((document) => document.getString("kind") === "adjustment"
      && require(`${__hooks}/lib/invoices/rules.js`).documentNumber("adjustment", document.getInt("number")) === wanted);
    if (!note) throw errors().refusal(404, "document", "not_found", MESSAGES.documentNotFound);
    return sendPdf(e, note);
  });
}

function signedInUser(e) {
  if (!e.auth || e.auth.collection().name !== "users") throw errors().refusal(401, "auth", "unauthorized", MESSAGES.signIn);
  return e.auth;
}

/** The documents of every order the account bought, newest order first. */
function documentsBoughtBy(app, user) {
  const email = user.getString("email").trim().toLowerCase();
  if (!email) return [];
  const orders = app.findRecordsByFilter("registrations", "primary_email ~ {:email}", "-created", 0, 0, { email });
  const own = orders.filter((order) => order.getString("primary_email").toLowerCase() === email);
  return own.flatMap((order) => issue().documentsOf(app, order.id).map((document) => ({ order, document })));
}

/** GET /api/masterclass/me/tax-documents → {documents: [...]} (signed in) */
function handleMyList(e) {
  return errors().answerRefusals(e, () => {
    const user = signedInUser(e);
    const documents = documentsBoughtBy(e.app, user).map(({ order, document }) => {
      const event = e.app.findRecordById("events", order.getString("event"));
      return { ...summary(document, `/api/masterclass/me/tax-documents/${document.id}`), eventId: event.id, eventTitle: event.getString("title") };
    });
    e.response.header().set("Cache-Control", "private, no-store");
    return e.json(200, { documents });
  });
}

/** GET /api/masterclass/me/tax-documents/{id} → the PDF, when the account bought its order */
function handleMyDocument(e) {
  return errors().answerRefusals(e, () => {
    const user = signedInUser(e);
    const wanted = e.request.pathValue("id");
    const found = documentsBoughtBy(e.app, user).find(({ document }) => document.id === wanted);
    if (!found) throw errors().refusal(404, "document", "not_found", MESSAGES.documentNotFound);
    return sendPdf(e, found.document);
  });
}

function requireAdministrator(e) {
  require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, { forbidden: MESSAGES.adminOnly, signIn: MESSAGES.adminOnly });
}

function sellerAnswer(app) {
  const { sellerDetails } = require(`${__hooks}/lib/invoices/seller.js`);
  const { legalName, abn, address, email, saved, environment } = sellerDetails(app);
  return { inForce: { legalName, abn, address, email }, saved, environment };
}

/** GET /api/masterclass/admin/seller (administrators) */
function handleSellerRead(e) {
  return errors().answerRefusals(e, () => {
    requireAdministrator(e);
    return e.json(200, sellerAnswer(e.app));
  });
}

/** PUT /api/masterclass/admin/seller {legalName, abn, address, email} (administrators) */
function handleSellerSave(e) {
  return errors().answerRefusals(e, () => {
    requireAdministrator(e);
    const body = errors().readJsonObject(e, 8 * 1024);
    const seller = require(`${__hooks}/lib/invoices/seller.js`);
    const checked = seller.checkEdit(body);
    if (checked.errors) throw errors().invalidFields(checked.errors);
    seller.saveSeller(e.app, checked.value);
    return e.json(200, sellerAnswer(e.app));
  });
}

module.exports = {
  MESSAGES,
  handleOrderList,
  handleOrderInvoice,
  handleOrderAdjustment,
  handleMyList,
  handleMyDocument,
  handleSellerRead,
  handleSellerSave,
};
