/**
 * The initials an avatar shows for a name: the first letter (a whole character, as a reader sees
 * it: 𠮷, an emoji, a letter with its accent) of the first two words, in capitals where the script
 * has them. Mantine's own initials take the first UTF-16 unit, which cuts 𠮷 or 🎉 in half.
 */
// Intl.Segmenter (every current browser) keeps an accent or a joined emoji with its letter; a
// browser without it still gets whole code points. Made once: a table draws an avatar a row.
let graphemes: Intl.Segmenter | null | undefined;

export function nameInitials(name: string): string {
  if (graphemes === undefined) graphemes = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
  const segmenter = graphemes;
  const firstOf = (word: string) => (segmenter ? segmenter.segment(word)[Symbol.iterator]().next().value?.segment : Array.from(word)[0]) ?? '';
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => firstOf(word).toLocaleUpperCase())
    .join('');
}
