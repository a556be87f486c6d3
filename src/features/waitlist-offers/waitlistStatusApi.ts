// GET /api/masterclass/waitlist-status?attendee=…&token=… (the status link of
// the waitlist confirmation email): the person's place in the queue and any
// seat offer. Read online only: a queue position kept on the device would go
// stale. POST /api/masterclass/waitlist-confirm confirms the entry's address
// with the token of the email's confirmation link (the page's button: opening
// the link alone confirms nothing, since mail scanners open links).
import { pb } from '@/lib/pocketbase';

export type WaitlistState =
  | 'waiting'
  | 'unconfirmed'
  | 'on_sale'
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
  person: { fullName: string; waitingSince: string; emailConfirmed: boolean; emailConfirmedAt: string };
  claimHours: number;
  state: WaitlistState;
  /** 1 = next in line (unconfirmed: the place taken once confirmed); null when not waiting. */
  position: number | null;
  waitingCount: number;
  offer: { offered_at: string; expires_at: string; expires_text: string } | null;
}

export const fetchWaitlistStatus = (attendee: string, token: string) =>
  pb.send<WaitlistStatus>('/api/masterclass/waitlist-status', { method: 'GET', query: { attendee, token } });

export const confirmWaitlistEntry = (attendee: string, token: string) =>
  pb.send<{ confirmed: boolean; alreadyConfirmed: boolean }>('/api/masterclass/waitlist-confirm', { method: 'POST', body: { attendee, token } });
