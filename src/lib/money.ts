// Money as visitors read it: en-AU, two decimals, from integer cents (spec section 9).
import { numberFormat } from './intlFormat';

export function formatMoney(cents: number, currency = 'AUD'): string {
  return numberFormat('en-AU', {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}
