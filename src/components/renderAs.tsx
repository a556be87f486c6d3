// Roots for Mantine layout components (`renderRoot`), drawn with the same classes
// and styles as their own `div`: a `span` inside a button, which may hold phrasing
// content only (Group, Stack, Indicator lay out the same), and a list item.
import type { ReactNode } from 'react';

export function asSpan(props: Record<string, unknown>): ReactNode {
  return <span {...props} />;
}

export function asListItem(props: Record<string, unknown>): ReactNode {
  return <li {...props} />;
}
