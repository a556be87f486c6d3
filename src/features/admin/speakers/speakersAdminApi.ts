// Speakers of each masterclass, through PocketBase's records API (the
// collection's rules let administrators write them; a guest reads those of
// published masterclasses only).
import type { SpeakerRow } from '@/db';
import { Collections } from '@/lib/collections';
import { pb } from '@/lib/pocketbase';

export type AdminSpeaker = SpeakerRow & { collectionId: string; collectionName: string };

export interface SpeakerInput {
  name: string;
  role: string;
  organisation: string;
  bio: string;
  website: string;
}

export const fetchSpeakers = (eventId: string, requestKey?: null) =>
  pb.collection(Collections.speakers).getFullList<AdminSpeaker>({
    filter: pb.filter('event = {:event}', { event: eventId }), sort: 'sort,created', ...(requestKey === null ? { requestKey } : {}),
  });

function formOf(input: Partial<SpeakerInput> & { event?: string; sort?: number }, photo: File | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) if (value !== undefined) form.append(key, String(value));
  if (photo) form.append('image', photo);
  return form;
}

export const createSpeaker = (eventId: string, input: SpeakerInput, sort: number, photo: File | null) =>
  pb.collection(Collections.speakers).create<AdminSpeaker>(formOf({ ...input, event: eventId, sort }, photo));

export const updateSpeaker = (id: string, input: SpeakerInput, photo: File | null) =>
  pb.collection(Collections.speakers).update<AdminSpeaker>(id, formOf(input, photo));

export const deleteSpeaker = (id: string) => pb.collection(Collections.speakers).delete(id);

/** Swaps the order of two speakers (their `sort` values; equal ones become distinct). */
export async function swapOrder(first: AdminSpeaker, second: AdminSpeaker): Promise<void> {
  const [a, b] = first.sort === second.sort ? [second.sort + 1, first.sort] : [second.sort, first.sort];
  await pb.collection(Collections.speakers).update(first.id, { sort: a });
  await pb.collection(Collections.speakers).update(second.id, { sort: b });
}

export const photoUrl = (speaker: AdminSpeaker) => (speaker.image ? pb.files.getURL(speaker, speaker.image, { thumb: '400x400' }) : null);
