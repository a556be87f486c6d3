// The server's view of one checkout session (GET /api/masterclass/checkout/{sessionId}),
// read by the registration page on return and by the simulated checkout page.
import { pb } from './pocketbase';

export type RegistrationStatus = 'pending' | 'paid' | 'completed' | 'expired' | 'cancelled';

export interface CheckoutStatus {
  registrationId: string;
  status: RegistrationStatus;
  kind: 'paid' | 'promo' | 'waitlist';
  attendeeCount: number;
  totalAmountCents: number;
  /** One seat's price after any discount (0: an order kept before prices per seat were), the discount on each seat and its words. */
  unitPriceCents?: number;
  discountCents?: number;
  discountLabel?: string;
  currency: string;
  emailWarning: boolean;
  /** The order page's link (id and key): the completion page shows the order's tickets. */
  order?: { id: string; key: string };
}

export const checkoutPath = (sessionId: string) => `/api/masterclass/checkout/${encodeURIComponent(sessionId)}`;

export function fetchCheckoutStatus(sessionId: string): Promise<CheckoutStatus> {
  return pb.send<CheckoutStatus>(checkoutPath(sessionId), { method: 'GET' });
}
