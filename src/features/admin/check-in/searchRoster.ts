// The door's search by name, email or company over the list on the device:
// every word typed must appear, accents and letter case ignored in any script
// (fold: "Zoe" finds "Zoë" and "Zoe" + U+0308, "zoë" finds "ZOE", "زينب"
// finds "زَيْنَب", "weiss" finds "Weiß"), as the admin table's search does on the
// server (pocketbase/searchfold.go); the name typed in
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

/**
 * Text as the search compares it: compatibility decomposition (NFKD: "ﬁ" is
 * "fi", a full-width "Ｚ" is "Z", an ideographic space a space), every
 * combining mark (\p{M}: accents, Arabic and Hebrew vowel signs) removed,
 * then letter case folded (upper then lower case, so "ß" and "SS" meet), and
 * runs of white space made one space.
 */
export const fold = (value: string) =>
  value.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase().toLowerCase().replace(/\s+/gu, ' ');

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

/** At most `limit` attendees matching every word of `query`; none for fewer than 2 characters (after folding). */
export function searchRoster(entries: readonly SearchEntry[], query: string, limit = 8): DoorAttendeeRow[] {
  const folded = fold(query).trim();
  // two characters, counted as people see them (𠮷 is one, though two UTF-16 units)
  if (Array.from(folded).length < 2) return [];
  const words = folded.split(' ');
  const found: { entry: SearchEntry; rank: number }[] = [];
  for (const entry of entries) {
    if (words.every((word) => entry.text.includes(word))) found.push({ entry, rank: rank(entry.name, folded, words) });
  }
  found.sort((a, b) => a.rank - b.rank || a.entry.name.localeCompare(b.entry.name));
  return found.slice(0, limit).map(({ entry }) => entry.attendee);
}
