/// <reference path="../../../pb_data/types.d.ts" />
// GET /api/masterclass/attendees (administrators only): one page of the
// Manage Attendees table for one masterclass (`?event=<id>`, by default the
// featured one; lib/admin/event-choice.js), as the records API gave it before
// (filters with `~`, a sort with the account role from a join, the count), in
// a shape of its own: { page, perPage, totalItems, totalPages, items } with
// each item's account role as `user_role`.
//
// Why a route of its own (bench/results/admin-attendees.json): with 10,000
// attendees the records API spent most of its time where this route does not:
// - a filter matching nobody made PocketBase sleep up to 500 ms (its timing-
//   attack throttle for list rules, applied after 3 empty answers in 3 s);
//   here only administrators get an answer at all, and everyone else is refused
//   before anything is read, so there is no rule to probe;
// - a sort by the account role joined `users` and had SQLite sort every
//   attendee row whole (SELECT DISTINCT attendees.*); here the page is chosen
//   first from row ids and sort values only, and only its rows are read whole;
// - the count ran beside every page; here a last page (a first page shorter
//   than perPage, an empty first page) is its own count, and otherwise the
//   count reads the filtered columns only (a narrow index when there is one).
//
// The same answers as before, on purpose:
// - each filter (name, email, company) is PocketBase's `~`: a contains, with %
//   and _ taken literally unless the text holds its own % (likeOperand), all
//   filters together; values are bound parameters, never SQL text; and, unlike
//   `~` (which ignores ASCII letter case only), it ignores accents and letter
//   case in any script: column and filter are compared as search_fold() gives
//   them (pocketbase/searchfold.go: NFKD, combining marks removed, case-folded),
//   so "Zoe" finds "Zoë" and "Zoe" + U+0308, "zoë" finds "ZOË", "زينب" finds
//   "زَيْنَب"; the door's search folds alike (src/features/admin/check-in/searchRoster.ts).
//   Folding every row costs about 10 ms a filtered page at 10,000 attendees
//   (2 Dec 2026, 2 cores at load 10, medians of 15: 17–32 ms against 13–18 ms
//   with a plain LIKE); ASCII text is compared as it is, without folding;
// - every query is for one event (`a.event = {:event}`), so each sort has an
//   index led by the event (pb_migrations/1750001800_update_attendees_event_sort_indexes.js)
//   and reads the event's rows already in order, as it read all rows before;
// - the sort keys are the table's, each an SQL expression from a fixed list
//   (lib/admin/attendee-sorts.js; the account role sorts empty, first
//   ascending, for an attendee without an account); ties go by insertion
//   order (rowid) in the sort's direction, which is also the order an index
//   on the sorted column reads;
// - SQLite writes each item's JSON (json_object), so a page costs the script
//   one string per row.
// Beside the row's own fields each item carries what the table's everyday
// actions and extra columns need, computed for the page's rows only
// (lib/admin/attendee-sorts.js): the first check-in, what the seat paid and
// its refunds (lib/cancellation/seat-money.js), whom a seat was passed to,
// the registration's kind (and, for one added by hand, its basis, reason and
// who added it), whether a waitlisted address is confirmed and until when an
// open seat offer runs.
// No index was added for the columns that have none (job title, role, status,
// invitation): measured at 10,000 attendees, one saved about 4 ms on a page
// sorted by its column and cost about as much when a filter matches few
// attendees (the index is then walked whole, a row lookup per entry).

const FORBIDDEN = "Only administrators can list attendees.";
const DEFAULT_PER_PAGE = 20;
const MAX_PER_PAGE = 500;
const FILTER_MAX = 1000;
const FILTERS = { name: "full_name", email: "email", company: "company" };
const MESSAGES = {
  forbidden: FORBIDDEN,
  filterTooLong: `A filter may be at most ${FILTER_MAX} characters long.`,
};

/**
 * PocketBase's escaping for `~` (tools/search/filter.go escapeUnescapedChars),
 * rune for rune: each of `chars` not already after a backslash gets one.
 * @param {string} text
 * @param {string[]} chars
 */
function escapeUnescapedChars(text, chars) {
  const runes = Array.from(text);
  const result = [];
  let match = false;
  for (let index = runes.length - 1; index >= 0; index -= 1) {
    if (match) {
      if (runes[index] !== "\\") result.push("\\");
      match = false;
    } else if (chars.includes(runes[index])) {
      match = true;
    }
    result.push(runes[index]);
    if (index === 0 && match) result.push("\\");
  }
  return result.reverse().join("");
}

/** Whether `text` holds `char` not escaped by a backslash (PocketBase's containsUnescapedChar). */
function containsUnescapedChar(text, char) {
  let previous = "";
  for (const current of Array.from(text)) {
    if (current === char && previous !== "\\") return true;
    previous = current === "\\" && previous === "\\" ? "" : current;
  }
  return false;
}

/** The LIKE pattern (ESCAPE '\') PocketBase's `~` makes of a filter value: contains, unless it has its own %. */
function likeOperand(text) {
  if (containsUnescapedChar(text, "%")) return text;
  return `%${escapeUnescapedChars(text, ["\\", "%", "_"])}%`;
}

const positiveInt = (value, fallback) => {
  const number = Number.parseInt(String(value || ""), 10);
  return Number.isFinite(number) && number > 0 ? number : fallback;
};

/**
 * The request's page, filters and order, checked.
 * @param {(name: string) => string} param
 */
function readListQuery(param) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const filters = {};
  for (const name of Object.keys(FILTERS)) {
    const value = String(param(name) || "").trim();
    if (value.length > FILTER_MAX) throw refusal(400, name, "too_long", MESSAGES.filterTooLong);
    if (value) filters[name] = value;
  }
  return {
    page: positiveInt(param("page"), 1),
    perPage: Math.min(positiveInt(param("perPage"), DEFAULT_PER_PAGE), MAX_PER_PAGE),
    filters,
    // an unknown sort key falls back to the default, as the CSV export's does
    ...require(`${__hooks}/lib/admin/attendee-sorts.js`).readSort(param("sort")),
  };
}

/**
 * Each filter's text as search_fold() gives it (pocketbase/searchfold.go),
 * read in one query: `{name: folded}`.
 * @param {core.App} app
 * @param {Record<string, string>} filters
 */
function foldFilters(app, filters) {
  const names = Object.keys(filters).filter((name) => filters[name]);
  if (names.length === 0) return {};
  const row = new DynamicModel(Object.fromEntries(names.map((name) => [name, ""])));
  app.db()
    .newQuery(`SELECT ${names.map((name) => `search_fold({:${name}}) AS [[${name}]]`).join(", ")}`)
    .bind(Object.fromEntries(names.map((name) => [name, filters[name]])))
    .one(row);
  return Object.fromEntries(names.map((name) => [name, String(row[name])]));
}

/**
 * The SQL conditions and bound parameters of the filters: the folded column
 * LIKE the folded filter's pattern (likeOperand), with \ escaping.
 * @param {Record<string, string>} filters the folded filters (foldFilters)
 */
function filterConditions(filters) {
  const parts = [];
  const params = {};
  for (const [name, field] of Object.entries(FILTERS)) {
    if (!filters[name]) continue;
    parts.push(`search_fold(a.[[${field}]]) LIKE {:${name}} ESCAPE '\\'`);
    params[name] = likeOperand(filters[name]);
  }
  return { parts, params };
}

/** The WHERE clause and its bound parameters for the event and the (folded) filters. */
function whereClause(eventId, filters) {
  const conditions = filterConditions(filters);
  return { sql: `WHERE ${["a.[[event]] = {:event}", ...conditions.parts].join(" AND ")}`, params: { event: eventId, ...conditions.params } };
}

/** SQL reading one page: a JSON object per row, in the table's order. */
function pageSql(query, where) {
  const sorts = require(`${__hooks}/lib/admin/attendee-sorts.js`);
  const sortSql = sorts.SORTS[query.sortKey];
  const direction = query.descending ? "DESC" : "ASC";
  // The page is chosen first (row ids and sort values only), its rows read whole after.
  const userJoin = query.sortKey === "user.role" ? "LEFT JOIN {{users}} u ON u.[[id]] = a.[[user]]" : "";
  const chosen = `SELECT a.[[_rowid_]] AS row_id, ${sortSql} AS sort_value
    FROM {{attendees}} a ${userJoin}
    ${where}
    ORDER BY ${sortSql} ${direction}, a.[[_rowid_]] ${direction}
    LIMIT {:limit} OFFSET {:offset}`;
  const bool = (column) => `(CASE WHEN a.[[${column}]] THEN json('true') ELSE json('false') END)`;
  const text = (column) => `COALESCE(a.[[${column}]], '')`;
  const item = `json_object(
    'id', a.[[id]],
    'full_name', ${text("full_name")},
    'email', ${text("email")},
    'company', ${text("company")},
    'job_title', ${text("job_title")},
    'role', ${text("role")},
    'phone_number', ${text("phone_number")},
    'dietary_requirements', ${text("dietary_requirements")},
    'registration_status', ${text("registration_status")},
    'invitation_sent', ${bool("invitation_sent")},
    'invitation_sent_at', ${text("invitation_sent_at")},
    'marketing_consent', ${bool("marketing_consent")},
    'privacy_consent', ${bool("privacy_consent")},
    'user', ${text("user")},
    'user_role', COALESCE(u.[[role]], ''),
    'created', ${text("created")},
    'event', ${text("event")},
    'waitlist_confirmed', (CASE WHEN COALESCE(a.[[waitlist_confirmed_at]], '') != '' THEN json('true') ELSE json('false') END),
    'open_offer_expires_at', COALESCE((SELECT o.[[expires_at]] FROM {{waitlist_offers}} o
      WHERE o.[[attendee]] = a.[[id]] AND o.[[status]] = 'open' AND o.[[expires_at]] > {:now} ORDER BY o.[[expires_at]] DESC LIMIT 1), ''),
    'checked_in_at', ${sorts.CHECKED_IN_SQL},
    'amount_paid_cents', ${sorts.AMOUNT_PAID_SQL},
    'currency', COALESCE(r.[[currency]], ''),
    'registration_kind', COALESCE(r.[[kind]], ''),
    'manual_basis', COALESCE(r.[[manual_basis]], ''),
    'added_reason', COALESCE(r.[[added_reason]], ''),
    'added_by', COALESCE(NULLIF(ab.[[full_name]], ''), ab.[[email]], ''),
    'refund_cents', ${sorts.REFUND_CENTS_SQL},
    'refund_status', ${sorts.REFUND_STATUS_SQL},
    'order_refund_cents', ${sorts.ORDER_REFUND_CENTS_SQL},
    'transferred_to', ${sorts.TRANSFERRED_TO_SQL}
  )`;
  return `SELECT ${item} AS item
    FROM (${chosen}) p
    JOIN {{attendees}} a ON a.[[_rowid_]] = p.row_id
    LEFT JOIN {{users}} u ON u.[[id]] = a.[[user]]
    LEFT JOIN {{registrations}} r ON r.[[id]] = a.[[registration]]
    LEFT JOIN {{users}} ab ON ab.[[id]] = r.[[added_by]]
    ORDER BY p.sort_value ${direction}, p.row_id ${direction}`;
}

/**
 * One page of the event's attendees as the JSON text of the answer.
 * @param {core.App} app
 * @param {string} eventId
 */
function listPageJson(app, eventId, query) {
  const where = whereClause(eventId, foldFilters(app, query.filters));
  const offset = (query.page - 1) * query.perPage;
  const rows = arrayOf(new DynamicModel({ item: "" }));
  const now = require(`${__hooks}/lib/core/db-date.js`).dbNow();
  app.db().newQuery(pageSql(query, where.sql)).bind({ ...where.params, limit: query.perPage, offset, now }).all(rows);
  let totalItems;
  if (rows.length < query.perPage && (rows.length > 0 || offset === 0)) {
    // The last page (or an empty first one): the rows before it and its own are all there are.
    totalItems = offset + rows.length;
  } else {
    const counted = new DynamicModel({ total: 0 });
    app.db().newQuery(`SELECT COUNT(*) AS total FROM {{attendees}} a ${where.sql}`).bind(where.params).one(counted);
    totalItems = counted.total;
  }
  const totalPages = Math.ceil(totalItems / query.perPage);
  const items = rows.map((row) => row.item).join(",");
  return `{"page":${query.page},"perPage":${query.perPage},"totalItems":${totalItems},"totalPages":${totalPages},"items":[${items}]}`;
}

/** GET /api/masterclass/attendees @param {core.RequestEvent} e */
function handleAttendeeList(e) {
  const { answerRefusals } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, { forbidden: FORBIDDEN });
    const url = e.request.url.query();
    const query = readListQuery((name) => url.get(name));
    const event = require(`${__hooks}/lib/admin/event-choice.js`).adminQueryEvent(e);
    const body = listPageJson(e.app, event.id, query);
    const header = e.response.header();
    header.set("Content-Type", "application/json");
    header.set("Cache-Control", "no-store");
    return e.string(200, body);
  });
}

module.exports = { MESSAGES, likeOperand, foldFilters, filterConditions, readListQuery, listPageJson, handleAttendeeList };
