// Wait before retry number `failures` (1, 2, …): doubling from one second,
// capped at five minutes so a device offline for hours still retries often
// enough, and never hammers a struggling server.
const firstDelayMs = 1_000;
const maxDelayMs = 5 * 60_000;

export function backoffDelay(failures: number): number {
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.max(0, failures - 1));
}
