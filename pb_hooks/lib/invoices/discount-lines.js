/// <reference path="../../../pb_data/types.d.ts" />
// The discount on a tax invoice: an order made with a discount code keeps the
// price of one seat after it (registrations.unit_price_cents), the discount on
// each seat and the code's words (lib/registration/promo.js). The invoice's
// lines already charge the discounted price per seat; these add the price
// before the discount and the discount itself above the total, and a note
// saying how the discounted price and its GST (one eleventh of it) come about.

/**
 * @param {core.Record} registration
 * @param {core.Record} document the tax invoice
 * @param {(cents: number) => string} money formats in the invoice's currency
 * @returns {{totals: {label: string, value: string}[], notes: string[]}} nothing for an order without a discount
 */
function discountLines(registration, document, money) {
  const discount = registration.getInt("discount_cents");
  const unit = registration.getInt("unit_price_cents");
  const label = registration.getString("discount_label");
  if (registration.getString("kind") !== "paid" || discount <= 0 || unit <= 0) return { totals: [], notes: [] };
  const seats = document.getInt("quantity");
  const list = unit + discount;
  const name = label || "Discount";
  return {
    totals: [
      { label: "Price before discount", value: money(list * seats) },
      { label: "Discount", value: `-${money(discount * seats)}` },
    ],
    notes: [
      `Discount ${name}: ${seats} × (${money(list)} less ${money(discount)}) = ${seats} × ${money(unit)} a seat, GST included; the GST is one eleventh of the discounted price.`,
    ],
  };
}

module.exports = { discountLines };
