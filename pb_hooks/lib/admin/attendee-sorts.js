/// <reference path="../../../pb_data/types.d.ts" />
// The Manage Attendees table's order, for its list (lib/admin/attendee-list.js)
// and its CSV export (lib/admin/attendees-csv.js), which follow the table:
// the sort keys the page sends ('full_name', '-email', 'user.role',
// 'checked_in_at', 'amount_paid', …;
// default '-created', also for an unknown key), each an SQL expression from
// this fixed list over `attendees a` (and `users u` for the account role).
// An attendee without an account sorts as an empty role, first ascending
// (every account has a role), and the value is never NULL, so the export's
// keyset pages can compare it.

const DEFAULT_SORT = "-created";

// The columns the table and the export compute, each an SQL expression over
// `attendees a` alone (correlated look-ups, each from an index), so a page
// computes them for its own rows only and a sort can order every row by them:
// - CHECKED_IN: the first check-in at the door that was not undone
//   (check_ins.ordered_at, the time the door's conflict rule orders by), '' for none;
// - AMOUNT_PAID: what the attendee's seat paid, in cents: the row's own price
//   (attendees.price_cents, lib/cancellation/seat-money.js: set at fulfilment,
//   moved with a seat passed to a colleague, 0 on the row passed on); a manual
//   registration's amount paid elsewhere; 0 for promo, waitlist, unpaid and
//   complimentary ones. Never a share of a payment computed here;
// - REFUND_CENTS / REFUND_STATUS: the seat's own refunds not failed, and
//   the status of its latest ('' for none); ORDER_REFUND_CENTS: refunds of
//   the whole registration (a payment that bought no seat), shown apart;
// - TRANSFERRED_TO: the colleague a seat was passed to ('' for none).
// All from lib/cancellation/seat-money.js, the one place money per seat is read.
const CHECKED_IN_SQL = `COALESCE((SELECT MIN(c.[[ordered_at]]) FROM {{check_ins}} c
  WHERE c.[[attendee]] = a.[[id]] AND COALESCE(c.[[undone_at]], '') = ''), '')`;
const seatMoney = require(`${__hooks}/lib/cancellation/seat-money.js`);
const AMOUNT_PAID_SQL = seatMoney.PRICE_SQL;
const REFUND_CENTS_SQL = seatMoney.REFUND_CENTS_SQL;
const REFUND_STATUS_SQL = seatMoney.REFUND_STATUS_SQL;
const ORDER_REFUND_CENTS_SQL = seatMoney.ORDER_REFUND_CENTS_SQL;
const TRANSFERRED_TO_SQL = seatMoney.TRANSFERRED_TO_SQL;

const SORTS = {
  full_name: "a.[[full_name]]",
  email: "a.[[email]]",
  company: "a.[[company]]",
  job_title: "a.[[job_title]]",
  role: "a.[[role]]",
  registration_status: "a.[[registration_status]]",
  invitation_sent: "a.[[invitation_sent]]",
  created: "a.[[created]]",
  "user.role": "COALESCE(u.[[role]], '')",
  checked_in_at: CHECKED_IN_SQL,
  // as text of fixed width, so the export's keyset pages compare it as they order it
  amount_paid: `printf('%012d', ${AMOUNT_PAID_SQL})`,
};

/**
 * The request's `sort` as {sortKey, descending}; an unknown key is the default.
 * @param {unknown} value
 */
function readSort(value) {
  let sort = String(value || "").trim();
  if (!Object.prototype.hasOwnProperty.call(SORTS, sort.replace(/^-/, ""))) sort = DEFAULT_SORT;
  return { sortKey: sort.replace(/^-/, ""), descending: sort.startsWith("-") };
}

module.exports = {
  DEFAULT_SORT, SORTS, readSort, CHECKED_IN_SQL, AMOUNT_PAID_SQL, REFUND_CENTS_SQL, REFUND_STATUS_SQL, ORDER_REFUND_CENTS_SQL, TRANSFERRED_TO_SQL,
};
