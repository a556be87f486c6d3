// Figures as the builder shows them: AUD in en-AU, the ROI as a percentage,
// the payback in months; a figure that cannot be worked out says why in words.
import { formatMoney } from '@/lib/money';

export const money = (cents: number) => formatMoney(cents, 'AUD');

const percent = new Intl.NumberFormat('en-AU', { style: 'percent', maximumFractionDigits: 1 });

export const formatRoi = (roi: number | null) => (roi === null ? 'Not defined: enter the costs' : percent.format(roi));

export function formatPayback(months: number | null): string {
  if (months === null) return 'Not within 3 years';
  return months === 1 ? '1 month' : `${months} months`;
}

export const formatRate = (percentValue: number) => `${percentValue.toLocaleString('en-AU', { maximumFractionDigits: 2 })} %`;
