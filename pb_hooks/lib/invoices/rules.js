/// <reference path="../../../pb_data/types.d.ts" />
// The arithmetic and formats of tax invoices and adjustment notes. Pure
// functions (no PocketBase globals), loaded by tests as they are.
// - GST included in a GST-inclusive amount: one eleventh, rounded to the
//   nearest cent (half a cent up), as the ATO's rule for a taxable supply at
//   10% gives it.
// - ABN: eleven digits whose weighted sum (the first digit less one; weights
//   10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19) divides by 89 (the ABR's check).
// - Numbers: INV-000001 for invoices, AN-000001 for adjustment notes, each
//   kind counted on its own.

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
const PREFIXES = { invoice: "INV", adjustment: "AN" };

/** GST in a GST-inclusive amount of whole cents. @param {number} cents */
function gstIncluded(cents) {
  if (!Number.isInteger(cents) || cents <= 0) return 0;
  return Math.round(cents / 11);
}

/** The ABN's eleven digits, or "" when it has any other character than digits and spaces. */
function abnDigits(value) {
  const text = String(value == null ? "" : value);
  if (!/^[0-9 ]*$/.test(text)) return "";
  return text.replace(/ /g, "");
}

/** Whether `value` is an ABN: eleven digits (spaces allowed) that pass the checksum. */
function isValidAbn(value) {
  const digits = abnDigits(value);
  if (!/^[0-9]{11}$/.test(digits) || digits[0] === "0") return false;
  const sum = ABN_WEIGHTS.reduce((total, weight, index) => total + weight * (Number(digits[index]) - (index === 0 ? 1 : 0)), 0);
  return sum % 89 === 0;
}

/** "51 824 753 556", the way the ABR writes an ABN. */
function formatAbn(value) {
  const digits = abnDigits(value);
  if (digits.length !== 11) return String(value || "");
  return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`;
}

/** "INV-000042" / "AN-000007". @param {'invoice'|'adjustment'} kind @param {number} number */
function documentNumber(kind, number) {
  return `${PREFIXES[kind]}-${String(number).padStart(6, "0")}`;
}

/**
 * The unit price of an order of `quantity` seats totalling `totalCents`:
 * each seat's price; when the total does not divide evenly (it always does for
 * a paid order: price × seats) the last line takes the difference, so the
 * lines add up to the total. Returns one amount per seat.
 */
function lineAmounts(totalCents, quantity) {
  if (quantity <= 0) return [];
  const each = Math.floor(totalCents / quantity);
  return Array.from({ length: quantity }, (_, index) => (index === quantity - 1 ? totalCents - each * (quantity - 1) : each));
}

module.exports = { PREFIXES, gstIncluded, abnDigits, isValidAbn, formatAbn, documentNumber, lineAmounts };
