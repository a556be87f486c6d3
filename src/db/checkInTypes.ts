// The door's rows (/admin/check-in): the chosen masterclass's attendee list
// kept on the door device, and the check-ins made on it or pulled from the
// other door devices. Written by src/features/admin/check-in/; cleared as a
// whole at sign-out (doorData.ts).

/** The masterclass a door device holds the list of, and where its refresh stands. */
export interface DoorRosterRow {
  /** The event's id. */
  event: string;
  title: string;
  starts_at: string;
  ends_at: string;
  timezone: string;
  venue: string;
  /** How many attendees the server listed at the last complete refresh. */
  total: number;
  /** When the list was last refreshed whole (ms since epoch); 0 = never. */
  refreshedAt: number;
  /** Ticket codes replaced by a new one, so a scan of an old ticket says so. */
  voided: { code: string; attendee: string; voided_at: string }[];
  /** Where the pull of the event's check-ins stands: the last (updated, id) stored. */
  checkInCursor: { updated: string; id: string } | null;
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
  updated: string;
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
  /** The administrator who checked the attendee in. */
  checked_in_by: string;
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
  /** 1 while the server has not confirmed the check-in or its undo (an index cannot hold booleans). */
  pending: 0 | 1;
  /** Whose change waits: only that administrator's device session sends it. */
  pendingBy: string;
  /** Counts local changes, so an answer to an older push does not settle a newer change. */
  revision: number;
  /** The server's reason when it refused the check-in (nothing of it is stored there). */
  refused: string;
}
