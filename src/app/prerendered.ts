// Which addresses the prerendered landing markup in index.html stands for.

/** The search parameter that reveals the landing's hidden waitlist form, which the prerender leaves out. */
const SHOW_WAITLIST_FORM = 'showWaitlistForm';

/** True when the prerendered `/` matches what the app renders for this address. */
export function isPrerenderedLocation(location: Pick<Location, 'pathname' | 'search'>): boolean {
  return location.pathname === '/' && !new URLSearchParams(location.search).has(SHOW_WAITLIST_FORM);
}
