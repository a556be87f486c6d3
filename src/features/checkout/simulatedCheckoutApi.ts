// The in-app stand-in for the payment provider's hosted checkout (DESIGN
// "Server routes"): available only while the server's SIMULATED_CHECKOUT is on.
import { pb } from '@/lib/pocketbase';

export type SimulatedCheckoutAction = 'pay' | 'cancel';

/** Pay fulfils the registration exactly as a paid webhook would; cancel releases its seats. */
export function completeSimulatedCheckout(sessionId: string, action: SimulatedCheckoutAction): Promise<{ redirectUrl: string }> {
  return pb.send(`/api/masterclass/checkout/simulated/${encodeURIComponent(sessionId)}/${action}`, { method: 'POST' });
}
