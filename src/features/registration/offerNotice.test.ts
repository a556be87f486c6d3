import { describe, expect, it } from 'vitest';
import { offerNotice } from './offerNotice';
import type { WaitlistOfferDetails } from './waitlistOffer';

const details = (state: WaitlistOfferDetails['offer']['state'], message = ''): WaitlistOfferDetails => ({
  offer: { id: 'o'.repeat(15), event: 'e'.repeat(15), state, message, expires_at: '', expires_text: '' },
  attendee: null,
});

describe('offerNotice', () => {
  it('says nothing while the offer loads, or when it is open and the masterclass is there', () => {
    expect(offerNotice(null, false)).toBeNull();
    expect(offerNotice({ status: 'loading' }, false)).toBeNull();
    expect(offerNotice({ status: 'ready', details: details('open') }, false)).toBeNull();
  });

  it("shows the server's words for an offer that can no longer be claimed, and the waitlist unless it was claimed", () => {
    const expired = offerNotice({ status: 'ready', details: details('expired', 'This seat offer expired on …') }, false);
    expect(expired).toMatchObject({ title: 'This seat offer has expired', text: 'This seat offer expired on …', retry: false, showWaitlist: true });
    expect(offerNotice({ status: 'ready', details: details('claimed', 'Already') }, false)).toMatchObject({ title: 'You have already claimed this seat', showWaitlist: false });
  });

  it('offers a retry when the offer or the masterclass could not be loaded, not for a refused link', () => {
    expect(offerNotice({ status: 'failed', message: 'offline', retry: true }, false)).toMatchObject({ title: 'We could not load your seat offer', retry: true });
    expect(offerNotice({ status: 'failed', message: 'not valid', retry: false }, false)).toMatchObject({ title: 'This seat offer link cannot be used', retry: false });
    expect(offerNotice({ status: 'ready', details: details('open') }, true)).toMatchObject({ retry: true });
  });
});
