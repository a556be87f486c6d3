// The self-service cancellation routes (pb_hooks/lib/cancellation/self-service.js): the
// preview of what cancelling gives today and the cancellation itself, for the
// signed-in owner (the SDK sends the session) or the holder of the signed link
// in the confirmation email (`token`). Every decision is the server's: the
// page shows the refund it was told and sends it back, and the server refuses
// if it changed meanwhile.
import { ClientResponseError } from 'pocketbase';
import { pb } from '@/lib/pocketbase';
import { UNEXPECTED_ERROR } from '@/lib/apiErrors';

export interface CancellationPreview {
  attendee: { id: string; fullName: string; email: string };
  event: { id: string; title: string; when: string; startsAt: string };
  currency: string;
  /** What this attendee paid (their share of the registration). */
  paidCents: number;
  paidText: string;
  refundCents: number;
  refundText: string;
  percent: number;
  tier: 'full' | 'half' | 'none';
  /** The terms' words for the tier. */
  tierWords: string;
  /** Until when this refund applies, as the event's zone reads it ('' when nothing changes before the start). */
  untilText: string;
  /** A promo or free registration: nothing to refund. */
  free: boolean;
  /** Paid through the test-mode checkout: no money moves. */
  simulated: boolean;
}

export interface CancellationResult {
  cancelled: true;
  refundCents: number;
  refundText: string;
  /** 'done' (refunded), 'pending' (on its way, retried), 'failed', 'none' (nothing to refund). */
  refundStatus: 'done' | 'pending' | 'failed' | 'none';
  simulated: boolean;
}

export interface CancellationTarget {
  attendee: string;
  /** The signed link's token; absent in the portal. */
  token?: string;
}

/** A refusal in words, with its code and, when the refund changed, the new preview. */
export class CancellationRefused extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
    readonly preview: CancellationPreview | null = null,
  ) {
    super(message);
  }
}

const OFFLINE = 'You are offline. Cancelling needs a connection: please try again when you are back online.';

function refused(error: unknown): CancellationRefused {
  if (!(error instanceof ClientResponseError)) return new CancellationRefused(UNEXPECTED_ERROR, 'unexpected', 0);
  if (error.status === 0) return new CancellationRefused(OFFLINE, 'offline', 0);
  const data = (error.response?.data ?? {}) as Record<string, { code?: string; preview?: CancellationPreview } | undefined>;
  const detail = Object.values(data).find((value) => value && typeof value.code === 'string');
  const message = typeof error.response?.message === 'string' && error.response.message.trim() ? error.response.message : UNEXPECTED_ERROR;
  return new CancellationRefused(message, detail?.code ?? 'unexpected', error.status, detail?.preview ?? null);
}

export async function fetchPreview(target: CancellationTarget, signal?: AbortSignal): Promise<CancellationPreview> {
  try {
    return await pb.send<CancellationPreview>('/api/masterclass/cancellations/preview', {
      method: 'GET',
      query: target.token ? { attendee: target.attendee, token: target.token } : { attendee: target.attendee },
      signal,
      requestKey: null,
    });
  } catch (error) {
    throw refused(error);
  }
}

export async function confirmCancellation(target: CancellationTarget, expectedRefundCents: number): Promise<CancellationResult> {
  try {
    return await pb.send<CancellationResult>('/api/masterclass/cancellations', {
      method: 'POST',
      body: { attendee: target.attendee, ...(target.token ? { token: target.token } : {}), expectedRefundCents },
      requestKey: null,
    });
  } catch (error) {
    throw refused(error);
  }
}
