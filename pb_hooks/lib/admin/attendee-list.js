/// <reference path="../../../pb_data/types.d.ts" />
// GET /api/masterclass/attendees (administrators only): one page of the
// Manage Attendees table for one masterclass (`?event=<id>`, by default the
// featured one; lib/admin/event-choice.js), searched (`q`), narrowed to one
// status chip (`status`) and sorted, in a shape of its own:
// { page, perPage, totalItems, totalPages, counts, items } with each item's
// account role as `user_role` and `counts` the status chips' counts.
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
// - the count ran beside every page; here one pass counts every chip and the
//   total together, reading the event's rows by the (event, …) indexes.
//
// What it answers:
// - one search, `q` (at most 200 characters, 12 words): a row matches when
//   every word of it is in the name, the email or the company (a contains,
//   % and _ taken as themselves; the three are searched as one text with a
//   separator no word holds, so "becker wines" finds the people of Becker
//   Wines and "zoe becker" Zoë of Becker Wines), or when the whole search,
//   without its spaces and dashes, is a run of at least six symbols of a
//   ticket code (lib/tickets/ticket.js: "ABCD efgh-jkmn", a code typed whole,
//   in its groups of four or in capitals). Values are bound parameters, never
//   SQL text. Accents and letter case are ignored in any script: text and
//   search are compared as search_fold() gives them (pocketbase/searchfold.go:
//   NFKD, combining marks removed, case-folded), so "Zoe" finds "Zoë" and
//   "Zoe" + U+0308, "zoë" finds "ZOË", "زينب" finds "زَيْنَب"; the door's
//   search folds alike (src/features/admin/check-in/searchRoster.ts). ASCII
//   text is compared as it is, without folding;
// - `status`, one of the status chips (statusConditions: as the table words
//   the row), and `counts`, each chip's count for the event and the search
//   (one pass over the event's matching rows, in the same answer as the
//   page, so the chips never disagree with it); totalItems is the chosen
//   chip's count;
// - a search, status, page or perPage that is not valid gets a 400 saying
//   what is wrong (never a 500), and the name/email/company filters of old a
//   400 saying to search with `q`;
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
const SEARCH_MAX = 200;
const SEARCH_MAX_WORDS = 12;
/** A ticket code is searched for when the search, without spaces and dashes, is at least this many of its symbols. */
const TICKET_MIN = 6;
const STATUS_NAMES = ["confirmed", "observer", "waitlisted", "cancelled", "transferred", "checked_in", "refunded"];
const MESSAGES = {
  forbidden: FORBIDDEN,
  searchTooLong: `A search may be at most ${SEARCH_MAX} characters long.`,
  searchTooManyWords: `A search may have at most ${SEARCH_MAX_WORDS} words.`,
  oldFilters: "Search with q: one search over name, email, company and ticket code replaces the name, email and company filters.",
  badStatus: `Unknown status: use one of ${STATUS_NAMES.join(", ")}.`,
  badPage: "page must be a whole number from 1.",
  badPerPage: `perPage must be a whole number from 1 to ${MAX_PER_PAGE}.`,
};

/**
 * The status chips' conditions over `attendees a`, each as the table shows the
 * row: Confirmed, Observer, Waitlisted and Cancelled as its Status column
 * (a seat passed to a colleague reads Transferred there, not Cancelled),
 * Transferred (lib/cancellation/seat-money.js TRANSFERRED_SQL), Checked in (a
 * check-in at the door not undone: the Checked In column) and Refunded (a
 * refund of the seat, or of its whole order, made or on its way: what the
 * Refund column shows as refunded; seat-money.js's refund sums).
 */
function statusConditions() {
  const money = require(`${__hooks}/lib/cancellation/seat-money.js`);
  return {
    confirmed: "a.[[registration_status]] = 'confirmed'",
    observer: "a.[[registration_status]] = 'confirmed_observer'",
    waitlisted: "a.[[registration_status]] = 'waitlisted'",
    cancelled: `(a.[[registration_status]] = 'cancelled' AND ${money.TRANSFERRED_SQL} = 0)`,
    transferred: `${money.TRANSFERRED_SQL} = 1`,
    checked_in: `EXISTS (SELECT 1 FROM {{check_ins}} c WHERE c.[[attendee]] = a.[[id]] AND COALESCE(c.[[undone_at]], '') = '')`,
    refunded: `(${money.REFUND_CENTS_SQL} > 0 OR ${money.ORDER_REFUND_CENTS_SQL} > 0)`,
  };
}

/** The LIKE pattern (ESCAPE '\') of a contains: every %, _ and \ taken as itself. */
function containsPattern(text) {
  return `%${String(text).replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * A ticket code as typed ("ABCD efgh-jkmn", in groups or whole, any case):
 * its symbols without spaces and dashes, when that is a run of at least
 * TICKET_MIN of the code's symbols (lib/tickets/ticket.js), else ''.
 * @param {string} text
 */
function ticketSearch(text) {
  const { CODE_ALPHABET, CODE_LENGTH } = require(`${__hooks}/lib/tickets/ticket.js`);
  const compact = String(text).replace(/[\s\-\u2010-\u2015]/g, "").toLowerCase();
  if (compact.length < TICKET_MIN || compact.length > CODE_LENGTH) return "";
  return Array.from(compact).every((character) => CODE_ALPHABET.includes(character)) ? compact : "";
}

/**
 * A whole number from 1 (at most `max`), `fallback` when not given, else a 400.
 * @param {string} value
 */
function wholeNumber(value, fallback, max, field, message) {
  const text = String(value || "").trim();
  if (text === "") return fallback;
  const number = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  if (number < 1 || number > max) {
    const { refusal } = require(`${__hooks}/lib/core/errors.js`);
    throw refusal(400, field, "invalid", message);
  }
  return number;
}

/**
 * The request's search and status, checked (shared with the CSV export):
 * `q` (trimmed; at most SEARCH_MAX characters and SEARCH_MAX_WORDS words) and
 * `status` (one of STATUS_NAMES, or none). The name, email and company
 * filters of old are refused, so a caller still sending them is not answered
 * with everyone.
 * @param {(name: string) => string} param
 */
function readSearch(param) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  for (const old of ["name", "email", "company"]) {
    if (String(param(old) || "").trim() !== "") throw refusal(400, old, "replaced", MESSAGES.oldFilters);
  }
  const q = String(param("q") || "").trim();
  if (Array.from(q).length > SEARCH_MAX) throw refusal(400, "q", "too_long", MESSAGES.searchTooLong);
  if (q.split(/\s+/).filter(Boolean).length > SEARCH_MAX_WORDS) throw refusal(400, "q", "too_many_words", MESSAGES.searchTooManyWords);
  const status = String(param("status") || "").trim();
  if (status !== "" && !STATUS_NAMES.includes(status)) throw refusal(400, "status", "invalid", MESSAGES.badStatus);
  return { q, status };
}

/**
 * The request's page, search, status and order, checked.
 * @param {(name: string) => string} param
 */
function readListQuery(param) {
  return {
    page: wholeNumber(param("page"), 1, 1e9, "page", MESSAGES.badPage),
    perPage: wholeNumber(param("perPage"), DEFAULT_PER_PAGE, MAX_PER_PAGE, "perPage", MESSAGES.badPerPage),
    ...readSearch(param),
    // an unknown sort key falls back to the default, as the CSV export's does
    ...require(`${__hooks}/lib/admin/attendee-sorts.js`).readSort(param("sort")),
  };
}

/**
 * The text as search_fold() gives it (pocketbase/searchfold.go).
 * @param {core.App} app
 * @param {string} text
 */
function foldText(app, text) {
  if (!text) return "";
  const row = new DynamicModel({ folded: "" });
  app.db().newQuery("SELECT search_fold({:text}) AS folded").bind({ text }).one(row);
  return String(row.folded);
}

/**
 * The search's SQL condition over `attendees a` and its bound parameters:
 * every word of the search (folded) in the name, email or company (each
 * folded; searched as one text with a separator no word holds, so a word never
 * spans two of them), or the whole search, without its spaces and dashes, in
 * the ticket code. Values are bound, never SQL text. '' for no search.
 * @param {core.App} app
 * @param {string} q
 */
function searchCondition(app, q) {
  if (!q) return { sql: "", params: {} };
  // (the separator between the fields is no part of any word)
  const words = foldText(app, q).split(String.fromCharCode(31)).join(" ").split(/\s+/).filter(Boolean);
  const params = {};
  const haystack = "search_fold(COALESCE(a.[[full_name]], '') || char(31) || COALESCE(a.[[email]], '') || char(31) || COALESCE(a.[[company]], ''))";
  const parts = words.map((word, index) => {
    params[`word${index}`] = containsPattern(word);
    return `${haystack} LIKE {:word${index}} ESCAPE '\\'`;
  });
  const alternatives = parts.length ? [`(${parts.join(" AND ")})`] : [];
  const ticket = ticketSearch(q);
  if (ticket) {
    params.ticket = containsPattern(ticket);
    alternatives.push("(a.[[ticket_code]] != '' AND a.[[ticket_code]] LIKE {:ticket} ESCAPE '\\')");
  }
  if (alternatives.length === 0) return { sql: "", params: {} };
  return { sql: `(${alternatives.join(" OR ")})`, params };
}

/**
 * The WHERE clause (`sql`, for the page and the export) and its bound
 * parameters for the event, the search and the status; `searchSql` leaves the
 * status out (the chips' counts).
 * @param {core.App} app
 * @param {string} eventId
 * @param {{q: string, status: string}} query
 */
function whereClause(app, eventId, query) {
  const search = searchCondition(app, query.q);
  const base = ["a.[[event]] = {:event}", ...(search.sql ? [search.sql] : [])];
  const status = query.status ? [statusConditions()[query.status]] : [];
  return {
    sql: `WHERE ${[...base, ...status].join(" AND ")}`,
    searchSql: `WHERE ${base.join(" AND ")}`,
    params: { event: eventId, ...search.params },
  };
}

/**
 * The chips' counts for the event and the search, in one pass:
 * `{all, confirmed, observer, waitlisted, cancelled, transferred, checked_in, refunded}`.
 * @param {core.App} app
 */
function statusCounts(app, where) {
  const conditions = statusConditions();
  const row = new DynamicModel(Object.fromEntries(["all", ...STATUS_NAMES].map((name) => [name, 0])));
  const sums = STATUS_NAMES.map((name) => `COALESCE(SUM(CASE WHEN ${conditions[name]} THEN 1 ELSE 0 END), 0) AS [[${name}]]`);
  app.db().newQuery(`SELECT COUNT(*) AS [[all]], ${sums.join(", ")} FROM {{attendees}} a ${where.searchSql}`).bind(where.params).one(row);
  return Object.fromEntries(["all", ...STATUS_NAMES].map((name) => [name, Number(row[name]) || 0]));
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
 * One page of the event's attendees, with the chips' counts, as the JSON text
 * of the answer: totalItems is the count of the chosen status (all without one).
 * @param {core.App} app
 * @param {string} eventId
 */
function listPageJson(app, eventId, query) {
  const where = whereClause(app, eventId, query);
  const offset = (query.page - 1) * query.perPage;
  const rows = arrayOf(new DynamicModel({ item: "" }));
  const now = require(`${__hooks}/lib/core/db-date.js`).dbNow();
  app.db().newQuery(pageSql(query, where.sql)).bind({ ...where.params, limit: query.perPage, offset, now }).all(rows);
  const counts = statusCounts(app, where);
  const totalItems = query.status ? counts[query.status] : counts.all;
  const totalPages = Math.ceil(totalItems / query.perPage);
  const items = rows.map((row) => row.item).join(",");
  return `{"page":${query.page},"perPage":${query.perPage},"totalItems":${totalItems},"totalPages":${totalPages},"counts":${JSON.stringify(counts)},"items":[${items}]}`;
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

module.exports = {
  MESSAGES, STATUS_NAMES, containsPattern, ticketSearch, readSearch, readListQuery, whereClause, statusCounts, listPageJson, handleAttendeeList,
};
