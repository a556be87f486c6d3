import { Fragment } from 'react';
import { Mark } from '@mantine/core';

// The index's own word boundaries (MiniSearch splits on spaces and punctuation),
// so exactly the words that matched are marked, never a part of another word.
const SEPARATORS = /([\n\r\p{Z}\p{P}]+)/u;

/** `text` with each word in `terms` (the matched words, lower case) marked. */
export function HighlightedText({ text, terms }: { text: string; terms?: readonly string[] }) {
  if (!terms || terms.length === 0 || !text) return text;
  const wanted = new Set(terms);
  // split() with a capturing group puts the separators at odd indexes.
  return text.split(SEPARATORS).map((part, index) =>
    index % 2 === 0 && wanted.has(part.toLowerCase()) ? (
      <Mark key={index} color="yellow">
        {part}
      </Mark>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}
