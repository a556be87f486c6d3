// Figures as the overview shows them: en-AU numbers, AUD amounts from cents.
import { formatMoney } from '@/lib/money';

export const formatCount = (value: number) => new Intl.NumberFormat('en-AU').format(value);

export const formatAmount = (cents: number, currency = 'AUD') => formatMoney(cents, currency);

/** "3 Jun" for a chart axis, from "2025-06-03". */
export function formatDay(date: string): string {
  return new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** An empty UTM value or role, as the breakdowns name it. */
export const breakdownLabel = (label: string, empty: string) => (label.trim() === '' ? empty : label);
