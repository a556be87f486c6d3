// An attendee's refunds and cancellation for administrators
// (pb_hooks/lib/cancellation/admin-routes.js): what was paid, what may still be refunded,
// what the terms give today, every refund with its status and Stripe id, and
// the cancellation with an amount of the administrator's choosing.
import { pb } from '@/lib/pocketbase';

export interface AttendeeRefund {
  id: string;
  /** 'attendee': this attendee's cancellation; 'registration': the whole registration's payment. */
  scope: 'attendee' | 'registration';
  amountCents: number;
  currency: string;
  status: 'pending' | 'done' | 'failed';
  stripeStatus: string;
  stripeId: string;
  simulated: boolean;
  attempts: number;
  lastError: string;
  nextAttemptAt: string;
  reason: string;
  created: string;
}

export interface AttendeeCancellation {
  status: string;
  cancellable: boolean;
  /** Why it cannot be cancelled ('' when it can). */
  blocked: string;
  cancelledAt: string;
  cancelledBy: '' | 'attendee' | 'link' | 'administrator' | 'substitution';
  cancellationReason: string;
  currency: string;
  /** What this seat paid through the checkout (0 for a free seat or one passed to a colleague). */
  paidCents: number;
  /** The seat's own price (a seat added by hand as paid elsewhere included). */
  priceCents: number;
  /** Refunds made or being made of this seat. */
  refundedCents: number;
  /** The colleague this seat was passed to, with its price ('' when it was not). */
  transferredTo: string;
  maxRefundCents: number;
  maxRefundText: string;
  terms: { tier: string; percent: number; words: string; refundCents: number };
  simulated: boolean;
  /** A confirmed attendee or observer whose seat has a price: Delete asks for a refund decision. */
  paidSeat: boolean;
  refunds: AttendeeRefund[];
}

/** How a paid attendee's Delete refunds them: the terms' amount, another amount, or nothing. */
export type DeleteRefundChoice = 'terms' | 'amount' | 'none';

export interface AdminCancelResult {
  refundCents: number;
  refundText: string;
  refundStatus: 'done' | 'pending' | 'failed' | 'none';
  refunds: AttendeeRefund[];
}

export function fetchAttendeeCancellation(attendeeId: string, signal?: AbortSignal): Promise<AttendeeCancellation> {
  return pb.send<AttendeeCancellation>(`/api/masterclass/admin/attendees/${encodeURIComponent(attendeeId)}/cancellation`, {
    method: 'GET', signal, requestKey: null,
  });
}

export function cancelAttendee(attendeeId: string, amountCents: number, reason: string): Promise<AdminCancelResult> {
  return pb.send<AdminCancelResult>(`/api/masterclass/admin/attendees/${encodeURIComponent(attendeeId)}/cancel`, {
    method: 'POST', body: { amountCents, reason }, requestKey: null,
  });
}

/**
 * Deletes an attendee who paid for their seat with a refund decision
 * (pb_hooks/lib/cancellation/admin-routes.js handleAdminDelete): the seat is
 * cancelled and refunded as chosen, the row kept as the payment's record.
 */
export function deletePaidAttendee(
  attendeeId: string,
  decision: { refund: DeleteRefundChoice; amountCents?: number; reason: string },
): Promise<AdminCancelResult> {
  return pb.send<AdminCancelResult>(`/api/masterclass/admin/attendees/${encodeURIComponent(attendeeId)}/delete`, {
    method: 'POST', body: decision, requestKey: null,
  });
}

/** Whole cents from an amount typed in dollars ('' or not a number: null). */
export function centsFrom(value: string | number): number | null {
  if (value === '' || value === null) return null;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return null;
  return Math.round(number * 100);
}
