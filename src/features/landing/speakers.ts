// Speakers shown on the landing page, in their configured order.
import type { SpeakerRow } from '@/db';
import { pb } from '@/lib/pocketbase';
import { Collections } from '@/lib/collections';
import { keepFilesForOffline, withOfflineCopy } from '@/pwa/offlineCopy';

/** A speakers row as the landing page reads it; the collection fields locate the image file. */
export type Speaker = Pick<SpeakerRow, 'id' | 'event' | 'name' | 'role' | 'organisation' | 'bio' | 'website' | 'image'> & {
  collectionId: string;
  collectionName: string;
};

export const DEFAULT_SPEAKER_BIO = 'A passionate expert in their field with years of industry experience.';

/**
 * The speakers of every published masterclass (a visitor reads no others; the
 * page shows those of the masterclass it features: speakersOf), kept on the device on every online read and read from there when
 * the network is gone; their images are asked for so the service worker keeps them.
 */
export async function fetchSpeakers(): Promise<Speaker[]> {
  // Published masterclasses' only, as a visitor reads them, even for an administrator signed in: the copy outlives the session.
  const speakers = await withOfflineCopy('speakers', () => pb.collection(Collections.speakers).getFullList<Speaker>({ filter: 'event.published = true', sort: 'sort' }));
  keepFilesForOffline(speakers.map(speakerImageUrl).filter((url): url is string => url !== null));
  return speakers;
}

/** The speakers of the featured masterclass, in their order; all of them while the event is not known (its read failed). */
export function speakersOf(speakers: readonly Speaker[], eventId: string | null): Speaker[] {
  return eventId === null ? [...speakers] : speakers.filter((speaker) => speaker.event === eventId);
}

export function speakerImageUrl(speaker: Speaker): string | null {
  return speaker.image ? pb.files.getURL(speaker, speaker.image) : null;
}

export function speakerBio(speaker: Speaker): string {
  return speaker.bio.trim() || DEFAULT_SPEAKER_BIO;
}

/** The longest summary a speaker card shows (about four lines of the card at 390 px). */
export const CARD_BIO_MAX = 160;

/**
 * What a speaker's card says of the bio: its first paragraph, whole when it is
 * short, else its opening sentences up to CARD_BIO_MAX characters (or, when the
 * first sentence alone is longer, its words up to there and '…'). The dialog
 * says the whole bio; the card offers it only when there is more to read.
 */
export function speakerCardBio(speaker: Speaker): string {
  const bio = speakerBio(speaker);
  const first = bio.split(/\n\s*\n/)[0]!.replace(/\s+/g, ' ').trim();
  if (first.length <= CARD_BIO_MAX) return first;
  const sentences = first.match(/[^.!?…]+[.!?…]+["'”’)]*\s*/gu) ?? [];
  let summary = '';
  for (const sentence of sentences) {
    if ((summary + sentence).trim().length > CARD_BIO_MAX) break;
    summary += sentence;
  }
  if (summary.trim()) return summary.trim();
  const cut = [...first].slice(0, CARD_BIO_MAX).join('');
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,;:–—-]+$/u, '');
  return `${atWord}…`;
}

/** Whether the dialog has more of the bio than the card shows. */
export function hasMoreBio(speaker: Speaker): boolean {
  return speakerCardBio(speaker) !== speakerBio(speaker).replace(/\s+/g, ' ').trim();
}

export function speakerInitials(speaker: Speaker): string {
  return speaker.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
}
