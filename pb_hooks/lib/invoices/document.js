/// <reference path="../../../pb_data/types.d.ts" />
// The words and figures of a tax invoice or adjustment note, as the plain
// object $invoicePdf (pocketbase/invoice.go) lays out, and the PDF itself.
// Amounts and the seller are those kept when the document was issued
// (lib/invoices/issue.js); the buyer, the attendees and the masterclass are
// read from the order now, so a buyer's anonymised details stay anonymised
// here too. A document issued while the seller's ABN was not set takes the
// seller's details as they are now (it never was a complete tax invoice);
// while none is set it says so.

const NOT_SET = {
  legalName: "Seller's legal name not set",
  abn: "ABN not set: this document is not a valid tax invoice until the organiser sets it",
  address: "Seller's address not set",
};

function rules() {
  return require(`${__hooks}/lib/invoices/rules.js`);
}

function format() {
  return require(`${__hooks}/lib/events/format.js`);
}

/** The seller as the document prints it. */
function sellerOf(app, document) {
  let kept = null;
  try {
    kept = JSON.parse(document.getString("seller") || "null");
  } catch {
    kept = null;
  }
  const seller = kept && kept.abn ? kept : require(`${__hooks}/lib/invoices/seller.js`).snapshot(app);
  return {
    legalName: seller.legalName || "",
    abn: seller.abn || "",
    address: seller.address || "",
    email: seller.email || "",
  };
}

function sellerLines(seller) {
  return [
    seller.legalName || NOT_SET.legalName,
    seller.abn ? `ABN ${seller.abn}` : NOT_SET.abn,
    ...(seller.address ? seller.address.split("\n").map((line) => line.trim()).filter(Boolean) : [NOT_SET.address]),
    ...(seller.email ? [seller.email] : []),
  ];
}

function attendeesOf(app, registrationId) {
  return app.findRecordsByFilter("attendees", "registration = {:registration}", "created,id", 0, 0, { registration: registrationId });
}

/** The buyer: the order's primary email, and the name and company of the attendee with that email (or the first). */
function buyerOf(registration, attendees) {
  const email = registration.getString("primary_email");
  const { isPlaceholder } = require(`${__hooks}/lib/accounts/anonymise.js`);
  const match = attendees.find((attendee) => attendee.getString("email").toLowerCase() === email.toLowerCase()) || attendees[0];
  return {
    name: match ? match.getString("full_name") : "",
    company: match ? match.getString("company") : "",
    email: isPlaceholder(email) ? "" : email,
  };
}

function buyerBlock(buyer) {
  return {
    heading: "Bill to",
    lines: [buyer.name, buyer.company, buyer.email].filter((line) => line && line.trim() !== ""),
  };
}

/** The masterclass in one line: "AI Champions Masterclass, Wednesday 16 December 2026, Adelaide". */
function eventLine(app, registration) {
  let event = null;
  try {
    event = app.findRecordById("events", registration.getString("event"));
  } catch {
    return "Masterclass seat";
  }
  const when = format().formatDate(event.getString("starts_at"), event.getString("timezone"));
  return [event.getString("title"), when, event.getString("location") || event.getString("venue")].filter(Boolean).join(", ");
}

function issueDate(app, document, registration) {
  let timezone = "Australia/Adelaide";
  try {
    timezone = app.findRecordById("events", registration.getString("event")).getString("timezone") || timezone;
  } catch {
    // the masterclass's own zone when it is there
  }
  return format().formatDate(document.getString("issued_at"), timezone);
}

/** When the document was issued, as the PDF's creation date (RFC 3339). */
function createdAt(document) {
  return format().parseUtc(document.getString("issued_at")).toISOString().replace(/\.\d{3}Z$/, "Z");
}

function money(cents, currency) {
  return format().formatAmount(cents, currency);
}

function testModeNote(document) {
  return document.getBool("simulated")
    ? ["Test mode: this order was paid through the simulated checkout; no money moved."]
    : [];
}

function questionsNote(app, seller) {
  const contact = seller.email || `${require(`${__hooks}/lib/core/links.js`).appUrl(app)}/contact`;
  return `Questions about this document: ${contact}`;
}

/**
 * The invoice's lines, one per seat as bought: the seats' own prices
 * (lib/cancellation/seat-money.js; a seat passed to a colleague by the row
 * holding it now), named after whom they were bought for, when they add up to
 * the invoice's amount; otherwise (an order paid before its seats had
 * prices) the amount split over the quantity, as issued.
 * @returns {{name: string, cents: number}[]}
 */
function seatLines(app, document, registration, attendees) {
  const amount = document.getInt("amount_cents");
  const seats = require(`${__hooks}/lib/cancellation/seat-money.js`).seatsOf(app, registration);
  const quantity = document.getInt("quantity") || seats.length;
  const prices = seats.map((seat) => seat.holder.getInt("price_cents"));
  if (seats.length === quantity && prices.reduce((sum, cents) => sum + cents, 0) === amount) {
    return seats.map((seat, index) => ({ name: seat.original.getString("full_name"), cents: prices[index] }));
  }
  return rules().lineAmounts(amount, quantity).map((cents, index) => ({ name: attendees[index] ? attendees[index].getString("full_name") : "", cents }));
}

function invoiceDocument(app, document, registration) {
  const currency = document.getString("currency");
  const attendees = attendeesOf(app, registration.id);
  const line = eventLine(app, registration);
  const seller = sellerOf(app, document);
  const number = rules().documentNumber("invoice", document.getInt("number"));
  // An order made with a discount code: the price before it and the discount, above the total.
  const discount = require(`${__hooks}/lib/invoices/discount-lines.js`).discountLines(registration, document, (cents) => money(cents, currency));
  const rows = seatLines(app, document, registration, attendees).map((seat) => [
    line,
    seat.name || "Attendee (details removed)",
    "1",
    money(seat.cents, currency),
    money(seat.cents, currency),
  ]);
  return {
    title: "Tax invoice",
    author: seller.legalName || NOT_SET.legalName,
    createdAt: createdAt(document),
    seller: sellerLines(seller),
    facts: [
      ["Invoice number", number],
      ["Date of issue", issueDate(app, document, registration)],
      ["Order reference", require(`${__hooks}/lib/orders/order.js`).orderReference(registration.id)],
    ],
    parties: [buyerBlock(buyerOf(registration, attendees))],
    columns: [
      { title: "Description", width: 3.6 },
      { title: "Attendee", width: 2.6 },
      { title: "Qty", width: 0.6, align: "right" },
      { title: "Unit price (incl. GST)", width: 1.8, align: "right" },
      { title: "Amount (incl. GST)", width: 1.8, align: "right" },
    ],
    rows,
    totals: [
      ...discount.totals,
      { label: "Total (incl. GST)", value: money(document.getInt("amount_cents"), currency), strong: true },
      { label: "GST included", value: money(document.getInt("gst_cents"), currency) },
      { label: "Amount paid", value: money(document.getInt("amount_cents"), currency) },
    ],
    notes: [
      `The total includes GST of ${money(document.getInt("gst_cents"), currency)}: one eleventh of the GST-inclusive price.`,
      ...discount.notes,
      ...testModeNote(document),
      questionsNote(app, seller),
    ],
    footer: `${seller.legalName || NOT_SET.legalName} · Tax invoice ${number}`,
  };
}

function adjustmentDocument(app, document, registration) {
  const currency = document.getString("currency");
  const attendees = attendeesOf(app, registration.id);
  const seller = sellerOf(app, document);
  const number = rules().documentNumber("adjustment", document.getInt("number"));
  const invoiceNumber = rules().documentNumber("invoice", document.getInt("invoice_number"));
  const attendee = attendees.find((candidate) => candidate.id === document.getString("attendee"));
  // What the refunded seat paid, as every other place reads it (lib/cancellation/seat-money.js).
  const seat = attendee ? require(`${__hooks}/lib/cancellation/seat-money.js`).seatMoney(app, attendee, registration) : null;
  const amount = money(document.getInt("amount_cents"), currency);
  const gst = money(document.getInt("gst_cents"), currency);
  return {
    title: "Adjustment note",
    author: seller.legalName || NOT_SET.legalName,
    createdAt: createdAt(document),
    seller: sellerLines(seller),
    facts: [
      ["Note number", number],
      ["Date of issue", issueDate(app, document, registration)],
      ["Tax invoice adjusted", invoiceNumber],
      ["Order reference", require(`${__hooks}/lib/orders/order.js`).orderReference(registration.id)],
      ...(seat && seat.priceCents > 0 ? [["Seat price (incl. GST)", money(seat.priceCents, currency)]] : []),
    ],
    parties: [buyerBlock(buyerOf(registration, attendees))],
    columns: [
      { title: "Description", width: 4.8 },
      { title: "Attendee", width: 2.6 },
      { title: "Refunded (incl. GST)", width: 2, align: "right" },
    ],
    rows: [[`Refund for a cancelled seat: ${eventLine(app, registration)}`, attendee ? attendee.getString("full_name") : "Attendee (details removed)", amount]],
    totals: [
      { label: "Amount refunded (incl. GST)", value: amount, strong: true },
      { label: "GST included in the refund", value: gst },
    ],
    notes: [
      `This adjustment note reduces tax invoice ${invoiceNumber} by ${amount}, including GST of ${gst} (one eleventh of the refund).`,
      ...testModeNote(document),
      questionsNote(app, seller),
    ],
    footer: `${seller.legalName || NOT_SET.legalName} · Adjustment note ${number}`,
  };
}

/**
 * The document as $invoicePdf takes it.
 * @param {core.App} app
 * @param {core.Record} document a tax_documents record
 */
function documentContent(app, document) {
  const registration = app.findRecordById("registrations", document.getString("registration"));
  return document.getString("kind") === "invoice"
    ? invoiceDocument(app, document, registration)
    : adjustmentDocument(app, document, registration);
}

/** "tax-invoice-INV-000001.pdf" / "adjustment-note-AN-000001.pdf" */
function fileName(document) {
  const kind = document.getString("kind");
  const number = rules().documentNumber(kind, document.getInt("number"));
  return kind === "invoice" ? `tax-invoice-${number}.pdf` : `adjustment-note-${number}.pdf`;
}

/** The PDF's bytes. @param {core.App} app @param {core.Record} document */
function renderPdf(app, document) {
  return $invoicePdf(documentContent(app, document));
}

module.exports = { NOT_SET, documentContent, fileName, renderPdf };
