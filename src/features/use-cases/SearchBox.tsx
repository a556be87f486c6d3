import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { UseCaseLibrarySearch } from './librarySearch';

/** How long typing pauses before the URL takes the search text (results follow every keystroke). */
const URL_DEBOUNCE_MS = 300;

type SearchChange = (next: UseCaseLibrarySearch, options?: { replace?: boolean }) => void;

/**
 * The search text as typed, searched on every keystroke and written to the URL
 * once typing pauses. A change of the URL's text from elsewhere (back, a shared
 * link, Clear Filters) replaces it. `change` updates other parts of the view,
 * carrying the text typed so far.
 */
export function useSearchText(search: UseCaseLibrarySearch, onSearchChange: SearchChange) {
  const [text, setText] = useState(search.q ?? '');
  const sent = useRef(search.q ?? '');
  const sendText = useEffectEvent((q: string) => onSearchChange({ ...search, q: q || undefined }, { replace: true }));
  const urlText = search.q ?? '';

  useEffect(() => {
    if (urlText === sent.current) return;
    sent.current = urlText;
    setText(urlText);
  }, [urlText]);

  const [settled] = useDebouncedValue(text, URL_DEBOUNCE_MS);
  useEffect(() => {
    const q = settled.trim() ? settled : '';
    if (q === sent.current) return;
    sent.current = q;
    sendText(q);
  }, [settled]);

  const change = (part: Partial<UseCaseLibrarySearch>) => {
    const q = text.trim() ? text : '';
    sent.current = q;
    onSearchChange({ ...search, q: q || undefined, ...part }, { replace: true });
  };
  return [text, setText, change] as const;
}

export function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      type="search"
      placeholder="Search use cases..."
      aria-label="Search use cases"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      leftSection={<IconSearch size={16} />}
      rightSection={value ? <CloseButton aria-label="Clear search" onClick={() => onChange('')} /> : null}
      style={{ flex: 1 }}
      maxLength={200}
    />
  );
}
