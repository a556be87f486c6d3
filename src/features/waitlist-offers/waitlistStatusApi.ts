// GET /api/masterclass/waitlist-status?attendee=…&token=… (the status link of
// the waitlist confirmation email): the person's place in the queue and any
// seat offer. Read online only: a queue position kept on the device would go
// stale.
import { pb } from '@/lib/pocketbase';

export type WaitlistState =
  | 'waiting'
  | 'paused'
  | 'offered'
  | 'confirmed'
  | 'declined'
  | 'expired'
  | 'withdrawn'
  | 'closed'
  | 'unsubscribed'
  | 'not_waiting';

export interface WaitlistStatus {
  event: { id: string; title: string; starts_at: string; ends_at: string; timezone: string; location: string; venue: string };
  person: { fullName: string; waitingSince: string };
  claimHours: number;
  state: WaitlistState;
  /** 1 = next in line; null when not waiting. */
  position: number | null;
  waitingCount: number;
  offer: { offered_at: string; expires_at: string; expires_text: string } | null;
}

export const fetchWaitlistStatus = (attendee: string, token: string) =>
  pb.send<WaitlistStatus>('/api/masterclass/waitlist-status', { method: 'GET', query: { attendee, token } });
