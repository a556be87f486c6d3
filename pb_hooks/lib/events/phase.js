/// <reference path="../../../pb_data/types.d.ts" />
// The event's phase (DESIGN decision 17), the same rule the app applies
// (src/lib/eventPhase.ts; tests/server/event-phase.test.ts proves they agree):
//   scheduled                    before the start, sales_state open and its
//                                sales_open_at still to come
//   on_sale | sold_out | closed  before the start, from sales_state
//   happening                    from the start (inclusive) to the end (exclusive)
//   past                         from the end on
//   cancelled                    an administrator cancelled the whole
//                                masterclass (events.cancelled_at): before
//                                every other rule, whatever the clock says
// Start and end are UTC instants, so a daylight-saving change in the event's
// zone cannot move a boundary. An end that is missing or not after the start
// is read as the start; a sales-open time that is missing or unreadable
// means sales are open as the sales state says. Pure: no PocketBase globals, so tests load it directly.

const PHASES = ["scheduled", "on_sale", "sold_out", "closed", "happening", "past", "cancelled"];

/** Milliseconds since the epoch of a PocketBase date or ISO string; NaN when it is not one. */
function instant(value) {
  if (value && typeof value.getTime === "function") return value.getTime();
  const text = String(value == null ? "" : value).trim();
  return text ? new Date(text.replace(" ", "T")).getTime() : NaN;
}

function salesPhase(salesState, salesOpenAt, at) {
  if (salesState === "open") return at < instant(salesOpenAt) ? "scheduled" : "on_sale";
  return salesState === "sold_out" ? "sold_out" : "closed";
}

/**
 * @param {{starts_at: string, ends_at: string, sales_state: string, sales_open_at?: string, cancelled?: boolean}} event
 * @param {Date} now
 * @returns {"scheduled"|"on_sale"|"sold_out"|"closed"|"happening"|"past"|"cancelled"}
 */
function eventPhase(event, now) {
  if (event.cancelled === true) return "cancelled";
  const at = now.getTime();
  const start = instant(event.starts_at);
  if (isNaN(start)) return salesPhase(event.sales_state, event.sales_open_at, at);
  const rawEnd = instant(event.ends_at);
  const end = isNaN(rawEnd) || rawEnd < start ? start : rawEnd;
  if (at >= end) return "past";
  if (at >= start) return "happening";
  return salesPhase(event.sales_state, event.sales_open_at, at);
}

/**
 * The phase of an events record now.
 * @param {core.Record} record
 * @param {Date} [now]
 */
function recordPhase(record, now) {
  return eventPhase(
    {
      starts_at: record.getString("starts_at"),
      ends_at: record.getString("ends_at"),
      sales_state: record.getString("sales_state"),
      sales_open_at: record.getString("sales_open_at"),
      cancelled: record.getString("cancelled_at") !== "",
    },
    now || new Date(),
  );
}

module.exports = { PHASES, eventPhase, recordPhase };
