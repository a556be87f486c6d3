/**
 * How long a journey waits for the landing page's app to start and show its first
 * server data: its scripts start only once the prerendered hero has painted, and
 * on a busy 2-core runner that can take longer than a plain expectation's 7 s.
 */
export const APP_START_TIMEOUT = 15_000;
