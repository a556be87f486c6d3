// The progress of an early-access run, batch by batch: what the page shows
// as "sent so far / total" and in its summary. Pure, so it is unit-tested.
import type { EarlyAccessBatch } from './earlyAccessApi';

export interface EarlyAccessProgress {
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  remaining: number;
  failures: EarlyAccessBatch['failures'];
}

export const startProgress = (total: number): EarlyAccessProgress => ({ total, sent: 0, failed: 0, skipped: 0, remaining: total, failures: [] });

/** Adds a batch's answer; the total grows if more people joined a waitlist meanwhile. */
export function addBatch(progress: EarlyAccessProgress, batch: EarlyAccessBatch): EarlyAccessProgress {
  const sent = progress.sent + batch.sent;
  const failed = progress.failed + batch.failed;
  const skipped = progress.skipped + batch.skipped;
  return {
    total: Math.max(progress.total, sent + failed + skipped + batch.remaining),
    sent,
    failed,
    skipped,
    remaining: batch.remaining,
    failures: [...progress.failures, ...batch.failures],
  };
}

/** 0–100 for the progress bar. */
export function percentDone(progress: EarlyAccessProgress): number {
  if (progress.total === 0) return 100;
  return Math.min(100, Math.round(((progress.sent + progress.failed + progress.skipped) / progress.total) * 100));
}

export const people = (count: number) => `${new Intl.NumberFormat('en-AU').format(count)} ${count === 1 ? 'person' : 'people'}`;
export const emails = (count: number) => `${new Intl.NumberFormat('en-AU').format(count)} early-access ${count === 1 ? 'email' : 'emails'}`;
