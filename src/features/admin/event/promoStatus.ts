// A promo code's state as the list shows it, decided the way the server's
// lib/promo.js isUsable decides: active, not expired, uses left.
import type { PromoCodeRow } from './eventAdminApi';
import { parseStoredDate } from './eventTime';

export type PromoStatus = 'active' | 'inactive' | 'expired' | 'used_up';

/** What every promo code gives (spec: a free registration for one attendee). */
export const PROMO_GIVES = 'Free registration for one attendee';

export function promoStatus(promo: Pick<PromoCodeRow, 'active' | 'expires_at' | 'used_count' | 'max_uses'>, now: Date): PromoStatus {
  if (!promo.active) return 'inactive';
  const expires = parseStoredDate(promo.expires_at);
  if (expires && expires.getTime() <= now.getTime()) return 'expired';
  if (promo.used_count >= promo.max_uses) return 'used_up';
  return 'active';
}

export const PROMO_STATUS_LABEL: Record<PromoStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  expired: 'Expired',
  used_up: 'Used up',
};

export const PROMO_STATUS_COLOR: Record<PromoStatus, string> = {
  active: 'teal',
  inactive: 'gray',
  expired: 'orange',
  used_up: 'orange',
};
