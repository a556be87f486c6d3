// "Waitlist first": how many people on earlier waitlists would get the chosen
// masterclass's early-access email, how many got it, its priority window, and
// sending the next batch (GET/POST /api/masterclass/admin/events/{id}/early-access,
// pb_hooks/lib/waitlist/early-access-admin.js). The server decides who gets it and records
// each address once; this file only reads its answers.
import { pb } from '@/lib/pocketbase';

export interface EarlyAccessWindow {
  starts_at: string;
  ends_at: string;
  state: 'none' | 'open' | 'over';
  ends_text: string;
}

export interface EarlyAccessStatus {
  /** Addresses that would get it now. */
  pending: number;
  /** Addresses already sent it for this masterclass. */
  sent: number;
  window: EarlyAccessWindow | null;
  /** The window's length in hours for a first run. */
  hours: number;
  /** Why it cannot be sent now ('' when it can). */
  blocked: string;
}

export interface EarlyAccessBatch {
  sent: number;
  failed: number;
  skipped: number;
  remaining: number;
  totalSent: number;
  failures: { email: string; error: string }[];
  window: EarlyAccessWindow | null;
}

const path = (eventId: string) => `/api/masterclass/admin/events/${encodeURIComponent(eventId)}/early-access`;

export const fetchEarlyAccess = (eventId: string) => pb.send<EarlyAccessStatus>(path(eventId), { method: 'GET' });

export const sendEarlyAccessBatch = (eventId: string, batchSize: number) =>
  pb.send<EarlyAccessBatch>(path(eventId), { method: 'POST', body: { batchSize } });
