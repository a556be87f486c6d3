// The door's search by name, email or company over the list on the device:
// every word typed must appear (any case, accents ignored); names that start
// with the words come first, then by name. Pure and in memory: 10,000
// attendees answer well inside a keystroke.
import type { DoorAttendeeRow } from '@/db';

export interface SearchEntry {
  attendee: DoorAttendeeRow;
  name: string;
  text: string;
}

const fold = (value: string) => value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

export function searchEntries(attendees: readonly DoorAttendeeRow[]): SearchEntry[] {
  return attendees.map((attendee) => {
    const name = fold(attendee.full_name);
    return { attendee, name, text: `${name} ${fold(attendee.email)} ${fold(attendee.company)}` };
  });
}

/** At most `limit` attendees matching every word of `query`; none for fewer than 2 characters. */
export function searchRoster(entries: readonly SearchEntry[], query: string, limit = 8): DoorAttendeeRow[] {
  const folded = fold(query.trim());
  if (folded.length < 2) return [];
  const words = folded.split(/\s+/);
  const first = words[0] ?? '';
  const found: { entry: SearchEntry; starts: boolean }[] = [];
  for (const entry of entries) {
    if (words.every((word) => entry.text.includes(word))) found.push({ entry, starts: entry.name.startsWith(folded) || entry.name.split(' ').some((part) => part.startsWith(first)) });
  }
  found.sort((a, b) => (a.starts === b.starts ? a.entry.name.localeCompare(b.entry.name) : a.starts ? -1 : 1));
  return found.slice(0, limit).map(({ entry }) => entry.attendee);
}
