// Which version of a use case the search index holds: the server's change
// sequence number of its last write (two saves in one millisecond still
// differ), or its `updated` stamp for a row stored before rows carried one.
import type { AiUseCaseRow } from '@/db';

export const rowVersion = (row: Pick<AiUseCaseRow, 'updated' | 'sync_seq'>): string =>
  typeof row.sync_seq === 'number' ? `#${row.sync_seq}` : row.updated;
