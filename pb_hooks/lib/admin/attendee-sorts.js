/// <reference path="../../../pb_data/types.d.ts" />
// The Manage Attendees table's order, for its list (lib/admin/attendee-list.js)
// and its CSV export (lib/admin/attendees-csv.js), which follow the table:
// the sort keys the page sends ('full_name', '-email', 'user.role', …;
// default '-created', also for an unknown key), each an SQL expression from
// this fixed list over `attendees a` (and `users u` for the account role).
// An attendee without an account sorts as an empty role, first ascending
// (every account has a role), and the value is never NULL, so the export's
// keyset pages can compare it.

const DEFAULT_SORT = "-created";

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

module.exports = { DEFAULT_SORT, SORTS, readSort };
