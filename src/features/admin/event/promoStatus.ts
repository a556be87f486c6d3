// A promo code's state as the list shows it, decided the way the server's
// lib/promo.js isUsable decides: active, not expired, uses left.
import type { PromoCodeRow } from './eventAdminApi';
import { parseStoredDate } from './eventTime';
import { formatMoney } from '@/lib/money';

export type PromoStatus = 'active' | 'inactive' | 'expired' | 'used_up';

/** What a free promo code gives (spec: a free registration for one attendee). */
export const PROMO_GIVES = 'Free registration for one attendee';

/** What a code gives, as its row says: free, or percent or amount off each seat, with its seats per order. */
export function promoGives(promo: Pick<PromoCodeRow, 'kind' | 'percent_off' | 'amount_off_cents' | 'min_seats' | 'max_seats'>, currency = 'AUD'): string {
  if (promo.kind !== 'percent' && promo.kind !== 'amount') return PROMO_GIVES;
  const off = promo.kind === 'percent' ? `${promo.percent_off ?? 0}% off each seat` : `${formatMoney(promo.amount_off_cents ?? 0, currency)} off each seat`;
  const min = promo.min_seats ?? 0;
  const max = promo.max_seats ?? 0;
  const seats = min > 0 && max > 0 ? (min === max ? `${min} seats` : `${min} to ${max} seats`) : min > 0 ? `at least ${min} seats` : max > 0 ? `at most ${max} ${max === 1 ? 'seat' : 'seats'}` : '';
  return seats ? `${off}, orders of ${seats}` : off;
}

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
