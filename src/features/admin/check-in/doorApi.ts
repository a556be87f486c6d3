// The door's one call of its own (pb_hooks/lib/checkin/roster.js),
// administrators only: the masterclass's facts, how many attendees it has,
// and its replaced ticket codes. Its attendees and every door's check-ins come
// through the sync engine's pull; check-ins and undos go through its outbox.
import { pb } from '@/lib/pocketbase';
import type { DoorRosterRow } from '@/db';

export interface DoorFacts {
  event: { id: string; title: string; starts_at: string; ends_at: string; timezone: string; venue: string };
  total: number;
  voided: DoorRosterRow['voided'];
}

export interface DoorApi {
  facts(event: string, signal: AbortSignal): Promise<DoorFacts>;
}

export const doorApi: DoorApi = {
  // The roster route's first page carries the facts; one attendee (the least it lists) is read and ignored.
  facts: (event, signal) => pb.send<DoorFacts>('/api/masterclass/admin/check-in/roster', {
    method: 'GET', query: { event, limit: 1 }, requestKey: null, signal,
  }),
};
