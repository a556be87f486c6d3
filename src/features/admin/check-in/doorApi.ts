// The door's server calls (pb_hooks/lib/checkin/ (door.js, roster.js, check-ins.js, push.js)), administrators only:
// the masterclass's attendee list page by page, its check-ins from every
// device since a cursor, and pushing this device's check-ins and undos.
import { pb } from '@/lib/pocketbase';
import type { CheckInRow, DoorAttendeeRow, DoorRosterRow } from '@/db';
import type { ServerCheckIn } from './doorStore';

export interface RosterPage {
  items: DoorAttendeeRow[];
  next: string | null;
  /** First page only. */
  event?: { id: string; title: string; starts_at: string; ends_at: string; timezone: string; venue: string };
  total?: number;
  voided?: DoorRosterRow['voided'];
}

export interface CheckInsPage {
  items: ServerCheckIn[];
  next: { updated: string; id: string } | null;
}

export interface PushAnswer {
  received_at: string;
  device_clock_offset_ms: number;
  clock_suspect: boolean;
  check_ins: ServerCheckIn[];
  refused: { id: string; code: string; message: string }[];
}

export type PushedCheckIn = Pick<CheckInRow, 'id' | 'attendee' | 'method' | 'scanned_at' | 'device_name' | 'undone_at' | 'undone_device'>;

export interface DoorApi {
  rosterPage(event: string, after: string, signal: AbortSignal): Promise<RosterPage>;
  checkInsPage(event: string, after: { updated: string; id: string } | null, signal: AbortSignal): Promise<CheckInsPage>;
  push(event: string, checkIns: PushedCheckIn[], signal: AbortSignal): Promise<PushAnswer>;
}

const ROSTER_PAGE = 1000;
const CHECK_INS_PAGE = 1000;

export const doorApi: DoorApi = {
  rosterPage: (event, after, signal) => pb.send<RosterPage>('/api/masterclass/admin/check-in/roster', {
    method: 'GET', query: { event, limit: ROSTER_PAGE, ...(after ? { after } : {}) }, requestKey: null, signal,
  }),
  checkInsPage: (event, after, signal) => pb.send<CheckInsPage>('/api/masterclass/admin/check-in/check-ins', {
    method: 'GET', query: { event, limit: CHECK_INS_PAGE, ...(after ? { after_updated: after.updated, after_id: after.id } : {}) }, requestKey: null, signal,
  }),
  push: (event, checkIns, signal) => pb.send<PushAnswer>('/api/masterclass/admin/check-in/push', {
    // sent_at is this device's clock now: the server compares it with its own to tell a wrong clock.
    method: 'POST', body: { event, sent_at: new Date().toISOString(), check_ins: checkIns }, requestKey: null, signal,
  }),
};
