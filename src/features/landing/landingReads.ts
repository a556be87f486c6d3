import type { LandingEvent } from './eventRecord';

/** What the landing's reads worker (./landingReads.worker.ts) answers. */
export interface LandingReads {
  /** The featured masterclass as read (live) or as kept on the device; null when neither could be had. */
  event: LandingEvent | null;
  /** The speakers' photos, for the page to ask for so the service worker keeps them. */
  imageUrls: string[];
}
