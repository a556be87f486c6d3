// The door's search by name, email or company over the list on the device:
// every word typed must appear (any case, accents ignored); the name typed in
// full comes first, then names that start with what was typed, names holding
// every word, names with a word starting like the first one typed, and last
// the matches by email or company alone; then by name. Pure and in memory: 10,000
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

/**
 * How well a name answers the query: 0 the name itself, 1 a name starting with
 * it, 2 a name holding every word, 3 a name with a part starting like the
 * first word, 4 a match by email or company only. Without this order a full
 * name whose words also appear in others' addresses (a '15' in many emails)
 * could fall below the limit and not be listed at all.
 */
function rank(name: string, folded: string, words: readonly string[]): number {
  if (name === folded) return 0;
  if (name.startsWith(folded)) return 1;
  if (words.every((word) => name.includes(word))) return 2;
  return name.split(' ').some((part) => part.startsWith(words[0] ?? '')) ? 3 : 4;
}

/** At most `limit` attendees matching every word of `query`; none for fewer than 2 characters. */
export function searchRoster(entries: readonly SearchEntry[], query: string, limit = 8): DoorAttendeeRow[] {
  const folded = fold(query.trim()).replace(/\s+/g, ' ');
  if (folded.length < 2) return [];
  const words = folded.split(' ');
  const found: { entry: SearchEntry; rank: number }[] = [];
  for (const entry of entries) {
    if (words.every((word) => entry.text.includes(word))) found.push({ entry, rank: rank(entry.name, folded, words) });
  }
  found.sort((a, b) => a.rank - b.rank || a.entry.name.localeCompare(b.entry.name));
  return found.slice(0, limit).map(({ entry }) => entry.attendee);
}
