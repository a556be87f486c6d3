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
// - AMOUNT_PAID: the attendee's share of what their registration paid, in
//   cents, as a cancellation's refund reckons it (lib/cancellation/rules.js:
//   Stripe's amount when known, else the total, split evenly, the remainder on
//   the one who registered, else the first); a manual registration's amount paid
//   elsewhere; 0 for promo, waitlist, unpaid and complimentary ones;
// - REFUND_CENTS / REFUND_STATUS: the attendee's own refunds not failed, and
//   the status of their latest ('' for none); ORDER_REFUND_CENTS: refunds of
//   the whole registration (a payment that bought no seat), shown apart.
const CHECKED_IN_SQL = `COALESCE((SELECT MIN(c.[[ordered_at]]) FROM {{check_ins}} c
  WHERE c.[[attendee]] = a.[[id]] AND COALESCE(c.[[undone_at]], '') = ''), '')`;
const AMOUNT_PAID_SQL = `COALESCE((SELECT CASE WHEN p.total <= 0 OR p.n = 0 THEN 0
    ELSE p.total / p.n + (CASE WHEN p.first_id = a.[[id]] THEN p.total % p.n ELSE 0 END) END
  FROM (SELECT
      (CASE WHEN r.[[kind]] = 'paid' AND r.[[status]] IN ('paid', 'completed')
          THEN (CASE WHEN COALESCE(r.[[paid_amount_cents]], 0) > 0 THEN r.[[paid_amount_cents]] ELSE COALESCE(r.[[total_amount_cents]], 0) END)
        WHEN r.[[kind]] = 'manual' THEN COALESCE(r.[[total_amount_cents]], 0)
        ELSE 0 END) AS total,
      (SELECT COUNT(*) FROM {{attendees}} x WHERE x.[[registration]] = r.[[id]]) AS n,
      COALESCE(
        (SELECT x.[[id]] FROM {{attendees}} x WHERE x.[[registration]] = r.[[id]] AND lower(x.[[email]]) = lower(r.[[primary_email]]) ORDER BY x.[[created]], x.[[id]] LIMIT 1),
        (SELECT x.[[id]] FROM {{attendees}} x WHERE x.[[registration]] = r.[[id]] ORDER BY x.[[created]], x.[[id]] LIMIT 1)) AS first_id
    FROM {{registrations}} r WHERE r.[[id]] = a.[[registration]]) p), 0)`;
const REFUND_CENTS_SQL = `(SELECT COALESCE(SUM(pa.[[amount_cents]]), 0) FROM {{payment_actions}} pa
  WHERE pa.[[attendee]] = a.[[id]] AND pa.[[kind]] = 'refund' AND pa.[[status]] IN ('pending', 'done'))`;
const REFUND_STATUS_SQL = `COALESCE((SELECT pa.[[status]] FROM {{payment_actions}} pa
  WHERE pa.[[attendee]] = a.[[id]] AND pa.[[kind]] = 'refund' ORDER BY pa.[[created]] DESC, pa.[[id]] DESC LIMIT 1), '')`;
const ORDER_REFUND_CENTS_SQL = `(SELECT COALESCE(SUM(pa.[[amount_cents]]), 0) FROM {{payment_actions}} pa
  WHERE pa.[[registration]] = a.[[registration]] AND COALESCE(pa.[[attendee]], '') = '' AND pa.[[kind]] = 'refund' AND pa.[[status]] IN ('pending', 'done'))`;

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
  DEFAULT_SORT, SORTS, readSort, CHECKED_IN_SQL, AMOUNT_PAID_SQL, REFUND_CENTS_SQL, REFUND_STATUS_SQL, ORDER_REFUND_CENTS_SQL,
};
