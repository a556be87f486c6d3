// The door's rows (/admin/check-in): the masterclasses' attendee lists kept
// on the door device, and the check-ins made on it or pulled from the other
// door devices. Both are pulled by the sync engine's change sequence (as an
// administrator: every attendee, every check-in); a check-in or an undo made
// here is written with its outbox entry (collection `check_ins`) in one
// transaction and sent by the engine (src/sync/pushCheckIns.ts). Cleared at
// sign-out and at an account switch, all but the check-ins still waiting to be
// sent, which hold ids and times only (forgetDoorData, doorData.ts).

/** A masterclass whose door was opened on this device: its facts and replaced codes (its attendees are in doorAttendees). */
export interface DoorRosterRow {
  /** The event's id. */
  event: string;
  title: string;
  starts_at: string;
  ends_at: string;
  timezone: string;
  venue: string;
  /** How many attendees the server had when the facts were last read. */
  total: number;
  /** When the facts were last read (ms since epoch); 0 = never. */
  refreshedAt: number;
  /** Ticket codes replaced by a new one, so a scan of an old ticket says so. */
  voided: { code: string; attendee: string; voided_at: string }[];
}

/** One attendee of the event, as the door needs them. */
export interface DoorAttendeeRow {
  id: string;
  event: string;
  full_name: string;
  email: string;
  company: string;
  registration_status: string;
  /** '' for attendees without a ticket (never confirmed). */
  ticket_code: string;
  /**
   * The attendee whose seat this one took (a seat passed to a colleague), else ''.
   * Absent on rows pulled before the door kept it.
   */
  replaces?: string;
  updated: string;
  /** The server's change sequence at the row's last write. */
  sync_seq?: number;
}

/**
 * A check-in: made here (id made on this device) or by another door device.
 * Server fields are '' until the server has the check-in.
 */
export interface CheckInRow {
  id: string;
  event: string;
  attendee: string;
  method: 'scan' | 'search';
  /** This device's clock at the scan (stored form, 'YYYY-MM-DD HH:MM:SS.sssZ'). */
  scanned_at: string;
  device_name: string;
  /** The administrator who checked the attendee in (on this device: who was signed in at the scan). */
  checked_in_by: string;
  /** The administrator whose session sent it to the server ('' until then). */
  sent_by?: string;
  undone_at: string;
  undone_device: string;
  undone_by: string;
  received_at: string;
  ordered_at: string;
  device_clock_offset_ms: number;
  clock_suspect: boolean;
  conflict: boolean;
  conflict_with: string;
  updated: string;
  /** The server's change sequence at the row's last write (absent until the server has it). */
  sync_seq?: number;
  /**
   * 1 while the check-in or its undo waits in the outbox (an index cannot hold
   * booleans); kept in step with the outbox in the same transactions.
   */
  pending: 0 | 1;
  /** The server's reason when it refused the check-in (nothing of it is stored there). */
  refused: string;
}


/** What a door outbox entry carries: the check-in as the push route takes it, whole, with its undo when undone. */
export interface CheckInPatch {
  id: string;
  event: string;
  attendee: string;
  method: CheckInRow['method'];
  scanned_at: string;
  device_name: string;
  checked_in_by: string;
  undone_at?: string;
  undone_device?: string;
  undone_by?: string;
}
