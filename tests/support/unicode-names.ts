// Names and companies in many scripts, shared by the tests that carry a name
// through a document (tests/server/unicode-names.test.ts, calendar-files.test.ts,
// the door search's unit test): a character beyond U+FFFF (𠮷, four bytes in
// UTF-8, two UTF-16 units), emoji (one of them a family joined by zero-width
// joiners), a letter with its accent precomposed (Zoë, NFC) and the same
// letter with a combining mark (Zoe + U+0308, NFD), Arabic and Hebrew (right
// to left), CJK. Each is a real registration's fields: a name of 2 to 100
// characters without anything a mail program could turn into a link.

export interface UnicodePerson {
  /** What the corpus entry tests. */
  label: string;
  fullName: string;
  company: string;
  jobTitle: string;
}

/** U+0308 COMBINING DIAERESIS. */
export const COMBINING_DIAERESIS = '\u0308';

export const UNICODE_PEOPLE: readonly UnicodePerson[] = [
  { label: 'beyond U+FFFF', fullName: '𠮷田 太郎', company: '𠮷野家 株式会社', jobTitle: '部長' },
  { label: 'emoji', fullName: '🎉 Party', company: '🎉 Events & Co', jobTitle: 'Host 🥳' },
  { label: 'precomposed accent', fullName: 'Zoë Ångström', company: 'Société Générale Côte', jobTitle: 'Directrice' },
  { label: 'combining accent', fullName: `Zoe${COMBINING_DIAERESIS} Ravn`, company: `Cafe${'\u0301'} Ma${'\u0303'}o`, jobTitle: 'Chef' },
  { label: 'Arabic', fullName: 'زينب الحسيني', company: 'شركة الأفق', jobTitle: 'مديرة' },
  { label: 'Hebrew', fullName: 'שרה כהן', company: 'חברת אופק', jobTitle: 'מנהלת' },
  { label: 'ZWJ family emoji', fullName: 'Mia 👩‍👩‍👧 Okafor', company: 'Family 👩‍👩‍👧 Pty Ltd', jobTitle: 'Founder' },
];

/** A name made to be long: 4-byte characters that fill a subject line and fold a calendar line several times. */
export const LONG_ASTRAL_NAME = `𠮷田 ${'🎉𠮷'.repeat(14)} 太郎`;

/** An event title with characters beyond U+FFFF, emoji and a combining mark, for subjects and the calendar's SUMMARY. */
export const UNICODE_EVENT_TITLE = `🎉 𠮷田 Masterclass · Zoe${COMBINING_DIAERESIS} & زينب & שרה 👩‍👩‍👧 ${'𠮷'.repeat(12)}`;

/** The person of each label. */
export function person(label: string): UnicodePerson {
  const found = UNICODE_PEOPLE.find((entry) => entry.label === label);
  if (!found) throw new Error(`no corpus entry ${label}`);
  return found;
}
