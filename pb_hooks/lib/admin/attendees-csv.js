/// <reference path="../../../pb_data/types.d.ts" />
// GET /api/masterclass/attendees.csv (administrators only): every attendee of
// one masterclass (`?event=<id>`, by default the featured one;
// lib/admin/event-choice.js) matching the admin table's search (`q`: every word
// in the name, email or company, ignoring accents and letter case in any
// script, or the ticket code typed with or without its spaces and dashes) and
// status chip (`status`), exactly as the table's list (lib/admin/attendee-list.js),
// without either everyone, in the table's order
// (default newest first), as a CSV file with the spec's 12 columns (section 3
// "CSV export columns") and then the table's own: Status (as the table words
// it), Checked In (the first check-in at the door not undone, in the event's
// time zone, empty for none), Amount Paid (dollars and cents, e.g. 495.00:
// what the seat paid, its own price (lib/cancellation/seat-money.js); 0.00
// for free seats and for a seat passed to a colleague, whose Status reads
// "Transferred to <name>"; empty for the waitlist and unpaid checkouts) and
// Refund (the seat's own refunds, e.g. "123.75 (done)"; a refund of the whole
// order "990.00 (whole order)"; "failed" when one failed), each computed as
// the table computes it (lib/admin/attendee-sorts.js), named after the
// masterclass's date and today's (fileName).
//
// - RFC 4180: a cell holding a comma, a quote, CR or LF is quoted, quotes
//   doubled; lines end with CRLF.
// - Formula injection (DESIGN decision 12): a cell starting with =, +, -, @,
//   tab or CR gets a leading apostrophe, so a spreadsheet shows it as text.
// - UTF-8 with a byte order mark, so spreadsheet programs read names right.
// - Registration Date as YYYY-MM-DD HH:mm in the attendee's event's time zone.
// - Read in pages of PAGE_SIZE rows by keyset (the sort value and id of the
//   last row), each page written to the response as soon as it is read, so
//   10,000 rows never sit in memory at once and the first bytes leave early.
// With no matching rows the file holds the header line only.

const COLUMNS = [
  "Name", "Email", "Company", "Job Title", "Role", "Phone Number", "Dietary Requirements",
  "Marketing Consent", "User Role", "Registration Date", "UTM Source", "UTM Medium",
  "Status", "Checked In", "Amount Paid", "Refund",
];
const STATUS_WORDS = { confirmed: "Confirmed", waitlisted: "Waitlisted", cancelled: "Cancelled", confirmed_observer: "Observer" };
/** A seat passed to a colleague: "Transferred to Dana Lee" (its price went with it, so it paid 0.00). */
const TRANSFERRED_WORDS = "Transferred to";
const PAGE_SIZE = 500;
const BOM = "\uFEFF";
const FORBIDDEN = "Only administrators can export attendees.";

/** A cell as RFC 4180 text, with the formula guard. */
function csvCell(value) {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** One CSV line, CRLF-terminated. */
function csvLine(values) {
  return `${values.map(csvCell).join(",")}\r\n`;
}

const pad = (number) => String(number).padStart(2, "0");

/** "2025-06-18 02:00:00.000Z" as "YYYY-MM-DD HH:mm" in `timezone`; "" for no date. */
function formatRegistrationDate(value, timezone) {
  if (!value) return "";
  const format = require(`${__hooks}/lib/events/format.js`);
  const date = format.parseUtc(value);
  const offset = format.zoneOffset(timezone || "UTC", date);
  const local = new Date(date.getTime() + offset.minutes * 60 * 1000);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/**
 * "attendees-masterclass-YYYY-MM-DD-exported-YYYY-MM-DD.csv": the masterclass's
 * first day, then today, each in the event's time zone (copied events have no
 * slug, and two masterclasses never start on the same day).
 * @param {Date} now
 * @param {{starts_at: string, timezone: string}} event
 */
function fileName(now, event) {
  const day = (value) => formatRegistrationDate(value, event.timezone).slice(0, 10);
  const masterclass = event.starts_at ? `masterclass-${day(event.starts_at)}-` : "";
  return `attendees-${masterclass}exported-${day(now.toISOString())}.csv`;
}

/**
 * The request's search, status and order, checked as the table's list checks
 * them (lib/admin/attendee-list.js readSearch: a bad one is a 400). Unknown
 * sort keys fall back to the default.
 * @param {(name: string) => string} param
 */
function readQuery(param) {
  return { ...require(`${__hooks}/lib/admin/attendee-list.js`).readSearch(param), ...require(`${__hooks}/lib/admin/attendee-sorts.js`).readSort(param("sort")) };
}

/** SQL for one cell: the formula guard, then RFC 4180 quoting, as csvCell does. */
function sqlCell(expression) {
  const value = `COALESCE(${expression}, '')`;
  const guarded = `(CASE WHEN substr(${value}, 1, 1) IN ('=', '+', '-', '@', char(9), char(13)) THEN '''' || ${value} ELSE ${value} END)`;
  return `(CASE WHEN instr(${guarded}, '"') > 0 OR instr(${guarded}, ',') > 0 OR instr(${guarded}, char(10)) > 0 OR instr(${guarded}, char(13)) > 0
    THEN '"' || replace(${guarded}, '"', '""') || '"' ELSE ${guarded} END)`;
}

/** A zone name as an SQL string literal (zone names are letters, digits, '/', '_', '+' and '-'; anything else is left out). */
function zoneLiteral(text) {
  return `'${String(text).replace(/[^A-Za-z0-9/_+-]/g, "")}'`;
}

/**
 * SQL for the Registration Date column: `a.created` as YYYY-MM-DD HH:mm in the
 * attendee's event's time zone, by the rules of lib/events/format.js (a
 * standard offset, and for the Australian daylight-saving zones one hour more
 * from 2:00 standard time on the first Sunday in October to 2:00 standard time
 * on the first Sunday in April). Unknown zones read as UTC.
 * @param {string[]} timezones the zones the events use
 */
function sqlRegistrationDate(timezones) {
  return sqlLocalTime("a.[[created]]", timezones);
}

/** SQL for `column` (a date) as YYYY-MM-DD HH:mm in the attendee's event's time zone, as sqlRegistrationDate. */
function sqlLocalTime(column, timezones) {
  const { zoneOffset } = require(`${__hooks}/lib/events/format.js`);
  const branches = [];
  for (const zone of timezones) {
    const standard = zoneOffset(zone, new Date(Date.UTC(2025, 6, 1))).minutes;
    const summer = zoneOffset(zone, new Date(Date.UTC(2025, 0, 1))).minutes;
    const local = `strftime('%Y-%m-%d %H:%M:%S', ${column}, '${standard >= 0 ? "+" : ""}${standard} minutes')`;
    let minutes = String(standard);
    if (summer !== standard) {
      const daylight = `(${local} < date(substr(${local}, 1, 4) || '-04-01', 'weekday 0') || ' 02:00:00'
        OR ${local} >= date(substr(${local}, 1, 4) || '-10-01', 'weekday 0') || ' 02:00:00')`;
      minutes = `(CASE WHEN ${daylight} THEN ${summer} ELSE ${standard} END)`;
    }
    branches.push(`WHEN ${zoneLiteral(zone)} THEN ${minutes}`);
  }
  const offset = branches.length ? `(CASE COALESCE(ev.[[timezone]], '') ${branches.join(" ")} ELSE 0 END)` : "0";
  return `COALESCE(strftime('%Y-%m-%d %H:%M', NULLIF(${column}, ''), printf('%+d minutes', ${offset})), '')`;
}

/** Cents as "495.00". */
const dollars = (cents) => `printf('%d.%02d', (${cents}) / 100, (${cents}) % 100)`;

/** SQL for the Amount Paid column: the seat's price in dollars; empty for the waitlist and for checkouts not paid. */
function sqlAmountPaid(amountSql) {
  return `(CASE WHEN a.[[registration_status]] = 'waitlisted'
      OR (a.[[registration_status]] = '' AND (${amountSql}) = 0) THEN ''
    ELSE ${dollars(amountSql)} END)`;
}

/** SQL for the Refund column. */
function sqlRefund(sorts) {
  return `(CASE WHEN ${sorts.REFUND_CENTS_SQL} > 0 THEN ${dollars(sorts.REFUND_CENTS_SQL)} || ' (' || ${sorts.REFUND_STATUS_SQL} || ')'
    WHEN ${sorts.REFUND_STATUS_SQL} = 'failed' THEN 'failed'
    WHEN ${sorts.ORDER_REFUND_CENTS_SQL} > 0 THEN ${dollars(sorts.ORDER_REFUND_CENTS_SQL)} || ' (whole order)'
    ELSE '' END)`;
}

/** The time zones the events use. @param {core.App} app */
function eventTimezones(app) {
  const rows = arrayOf(new DynamicModel({ timezone: "" }));
  app.db().newQuery("SELECT DISTINCT [[timezone]] AS timezone FROM {{events}}").all(rows);
  return rows.map((row) => row.timezone).filter((zone) => zone !== "");
}

/**
 * The SQL reading one page of CSV lines (each ending CRLF), after a keyset
 * position ({:afterValue}, {:afterId}) when `paged`.
 */
function pageSql(query, whereSql, timezones, paged) {
  const sorts = require(`${__hooks}/lib/admin/attendee-sorts.js`);
  const sortSql = sorts.SORTS[query.sortKey];
  const direction = query.descending ? "DESC" : "ASC";
  const comparison = query.descending ? "<" : ">";
  const where = [whereSql.replace(/^WHERE /, "")];
  // A row value, so the (event, created, id) index reads the next page directly.
  if (paged) where.push(`(${sortSql}, a.[[id]]) ${comparison} ({:afterValue}, {:afterId})`);
  const cells = [
    sqlCell("a.[[full_name]]"),
    sqlCell("a.[[email]]"),
    sqlCell("a.[[company]]"),
    sqlCell("a.[[job_title]]"),
    sqlCell("a.[[role]]"),
    sqlCell("a.[[phone_number]]"),
    sqlCell("a.[[dietary_requirements]]"),
    "(CASE WHEN a.[[marketing_consent]] THEN 'Yes' ELSE 'No' END)",
    sqlCell("u.[[role]]"),
    sqlRegistrationDate(timezones),
    sqlCell("a.[[utm_source]]"),
    sqlCell("a.[[utm_medium]]"),
    `(CASE WHEN ${sorts.TRANSFERRED_TO_SQL} != '' THEN ${sqlCell(`'${TRANSFERRED_WORDS} ' || ${sorts.TRANSFERRED_TO_SQL}`)}
      ELSE (CASE a.[[registration_status]] ${Object.entries(STATUS_WORDS).map(([value, words]) => `WHEN '${value}' THEN '${words}'`).join(" ")} ELSE '' END) END)`,
    sqlLocalTime(`(${sorts.CHECKED_IN_SQL})`, timezones),
    sqlAmountPaid(sorts.AMOUNT_PAID_SQL),
    sqlRefund(sorts),
  ];
  // The page is chosen first (ids and sort values only), and its lines made
  // after: SQLite computes selected columns for every row it sorts.
  const userJoin = query.sortKey === "user.role" ? "LEFT JOIN {{users}} u ON u.[[id]] = a.[[user]]" : "";
  const pageIds = `SELECT a.[[id]] AS id, ${sortSql} AS sort_value
    FROM {{attendees}} a ${userJoin}
    WHERE ${where.join(" AND ")}
    ORDER BY ${sortSql} ${direction}, a.[[id]] ${direction}
    LIMIT ${PAGE_SIZE}`;
  return `SELECT ${cells.join(" || ',' || ")} || char(13) || char(10) AS line, p.id AS id, p.sort_value AS sort_value
    FROM (${pageIds}) p
    JOIN {{attendees}} a ON a.[[id]] = p.id
    LEFT JOIN {{users}} u ON u.[[id]] = a.[[user]]
    LEFT JOIN {{events}} ev ON ev.[[id]] = a.[[event]]
    ORDER BY p.sort_value ${direction}, p.id ${direction}`;
}

/**
 * Calls `write` with the header line (after the BOM), then with each page's
 * lines of the event's attendees. SQLite makes the cells (sqlCell,
 * sqlRegistrationDate), so a page costs the script one string per row.
 * Returns the number of rows.
 * @param {core.App} app
 * @param {string} eventId
 */
function writeCsv(app, eventId, query, write) {
  write(BOM + csvLine(COLUMNS));
  const timezones = eventTimezones(app);
  const where = require(`${__hooks}/lib/admin/attendee-list.js`).whereClause(app, eventId, query);
  const params = where.params;
  const firstSql = pageSql(query, where.sql, timezones, false);
  const nextSql = pageSql(query, where.sql, timezones, true);
  let after = null;
  let count = 0;
  for (;;) {
    const rows = arrayOf(new DynamicModel({ line: "", id: "", sort_value: "" }));
    const bound = after ? { ...params, afterValue: after.value, afterId: after.id } : params;
    app.db().newQuery(after ? nextSql : firstSql).bind(bound).all(rows);
    if (rows.length === 0) break;
    write(rows.map((row) => row.line).join(""));
    count += rows.length;
    if (rows.length < PAGE_SIZE) break;
    const last = rows[rows.length - 1];
    after = { value: last.sort_value, id: last.id };
  }
  return count;
}

/** GET /api/masterclass/attendees.csv @param {core.RequestEvent} e */
function handleAttendeesCsv(e) {
  const { answerRefusals } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, { forbidden: FORBIDDEN });
    const url = e.request.url.query();
    const query = readQuery((name) => url.get(name));
    const event = require(`${__hooks}/lib/admin/event-choice.js`).adminQueryEvent(e);
    const name = fileName(new Date(), { starts_at: event.getString("starts_at"), timezone: event.getString("timezone") || "Australia/Adelaide" });
    const header = e.response.header();
    header.set("Content-Type", "text/csv; charset=utf-8");
    header.set("Content-Disposition", `attachment; filename="${name}"`);
    header.set("Cache-Control", "no-store");
    header.set("X-Content-Type-Options", "nosniff");
    e.response.writeHeader(200);
    writeCsv(e.app, event.id, query, (text) => {
      e.response.write(text);
      e.flush();
    });
    return null;
  });
}

module.exports = {
  COLUMNS, PAGE_SIZE, csvCell, csvLine, formatRegistrationDate, fileName, readQuery, writeCsv, handleAttendeesCsv,
};
