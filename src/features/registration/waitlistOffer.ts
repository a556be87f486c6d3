// A waitlist offer's claim link on /register (?offer=…&offerToken=…): the
// offer's state and the waitlisted person's details that fill the form
// (GET /api/masterclass/waitlist-offers/claim), and the link kept in the tab
// while the person pays, so a cancelled checkout comes back to the claim.
import { useEffect, useState } from 'react';
import { ClientResponseError } from 'pocketbase';
import { pb } from '@/lib/pocketbase';
import { ATTENDEE_ROLES } from '@/lib/attendeeRoles';
import type { AttendeeEntry } from './attendeeSchema';

export interface WaitlistOfferLink {
  id: string;
  token: string;
}

export type OfferState = 'open' | 'claimed' | 'declined' | 'expired' | 'withdrawn' | 'closed';

export interface WaitlistOfferDetails {
  offer: { id: string; event: string; state: OfferState; message: string; expires_at: string; expires_text: string };
  attendee: { fullName: string; email: string; company: string; jobTitle: string; phoneNumber: string; role: string } | null;
}

export type WaitlistOfferLoad =
  | { status: 'loading' }
  | { status: 'ready'; details: WaitlistOfferDetails }
  | { status: 'failed'; message: string; retry: boolean };

/** Session storage: the claim link while the person is at checkout. */
const KEPT_LINK_KEY = 'waitlist_offer_link';
const ID = /^[a-z0-9]{15}$/;
const TOKEN = /^[0-9a-f]{64}$/;

export const fetchWaitlistOffer = (link: WaitlistOfferLink) =>
  pb.send<WaitlistOfferDetails>('/api/masterclass/waitlist-offers/claim', { method: 'GET', query: { offer: link.id, token: link.token } });

/** The link's offer, read once per link; a refused link says why, a lost connection offers a retry. */
export function useWaitlistOffer(link: WaitlistOfferLink | null): { load: WaitlistOfferLoad | null; retry: () => void } {
  const [load, setLoad] = useState<WaitlistOfferLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const id = link?.id;
  const token = link?.token;
  useEffect(() => {
    if (!id || !token) return undefined;
    let current = true;
    fetchWaitlistOffer({ id, token }).then(
      (details) => {
        if (current) setLoad({ status: 'ready', details });
      },
      (error: unknown) => {
        if (!current) return;
        const answered = error instanceof ClientResponseError && error.status > 0;
        setLoad({
          status: 'failed',
          retry: !answered,
          message: answered ? String(error.response?.message || 'This seat offer link is not valid.') : 'We could not load your seat offer. Please check your connection and try again.',
        });
      },
    );
    return () => {
      current = false;
    };
  }, [id, token, attempt]);
  return {
    load: link ? load : null,
    retry: () => {
      setLoad({ status: 'loading' });
      setAttempt((value) => value + 1);
    },
  };
}

/** The form's first (and only) attendee, from the waitlisted details; a role the form no longer lists is left to choose. */
export function offerPrefill(attendee: NonNullable<WaitlistOfferDetails['attendee']>): Partial<Omit<AttendeeEntry, 'key'>> {
  return {
    fullName: attendee.fullName,
    email: attendee.email,
    company: attendee.company,
    jobTitle: attendee.jobTitle,
    phoneNumber: attendee.phoneNumber,
    role: (ATTENDEE_ROLES as readonly string[]).includes(attendee.role) ? attendee.role : '',
  };
}

const sessionStore = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

/** Kept while the person is at checkout: a cancelled payment returns to /register?cancelled=true without the link. */
export function keepOfferLink(link: WaitlistOfferLink): void {
  try {
    sessionStore()?.setItem(KEPT_LINK_KEY, JSON.stringify(link));
  } catch (error) {
    console.warn('Could not keep the seat offer link', error);
  }
}

export function readKeptOfferLink(): WaitlistOfferLink | null {
  try {
    const value = JSON.parse(sessionStore()?.getItem(KEPT_LINK_KEY) ?? 'null') as Partial<WaitlistOfferLink> | null;
    return value && ID.test(String(value.id)) && TOKEN.test(String(value.token)) ? { id: String(value.id), token: String(value.token) } : null;
  } catch {
    return null;
  }
}

export function forgetKeptOfferLink(): void {
  try {
    sessionStore()?.removeItem(KEPT_LINK_KEY);
  } catch {
    // storage unavailable: nothing was kept
  }
}
