// What the visitor does that starts the app on the landing page held as the server
// sent it (./landingWake.ts), shared with the page's loader, which the build writes
// into index.html (scripts/lib/prerender-landing.mjs, given these by vite.config.ts):
// the loader remembers a reach made before the app's entry has run.

export const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'] as const;

/** The window property the loader sets when the visitor reached for the page before the entry ran. */
export const LANDING_REACHED = '__landingReached';
