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

export function speakerInitials(speaker: Speaker): string {
  return speaker.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
}
