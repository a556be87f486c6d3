// What /register says when a waitlist offer's claim link cannot register a
// seat now: its state's own words from the server (claimed, declined,
// expired, withdrawn, closed), a refused link, or a connection that failed.
import type { OfferState, WaitlistOfferLoad } from './waitlistOffer';

export interface OfferNotice {
  title: string;
  text: string;
  tone: 'red' | 'blue' | 'teal';
  /** A connection failed: the page offers to try again. */
  retry: boolean;
  /** The seat is gone for this person: the waitlist for later masterclasses is offered. */
  showWaitlist: boolean;
}

const TITLES: Record<Exclude<OfferState, 'open'>, string> = {
  claimed: 'You have already claimed this seat',
  declined: 'You declined this seat',
  expired: 'This seat offer has expired',
  withdrawn: 'This seat offer was withdrawn',
  closed: 'This seat offer has ended',
};

/** Null while the offer loads, or when it is open and the page can go on. */
export function offerNotice(load: WaitlistOfferLoad | null, eventFailed: boolean): OfferNotice | null {
  if (!load || load.status === 'loading') return null;
  if (load.status === 'failed') {
    return { title: load.retry ? 'We could not load your seat offer' : 'This seat offer link cannot be used', text: load.message, tone: 'red', retry: load.retry, showWaitlist: false };
  }
  const { state, message } = load.details.offer;
  if (state !== 'open') return { title: TITLES[state], text: message, tone: state === 'claimed' ? 'teal' : 'blue', retry: false, showWaitlist: state !== 'claimed' };
  if (eventFailed) {
    return { title: "We couldn't load the masterclass details", text: 'Please check your connection and try again.', tone: 'red', retry: true, showWaitlist: false };
  }
  return null;
}
