// What the index worker does when the sync has stored use cases (see
// keptIndex.ts): brings the kept index in step with the rows on the device,
// replacing the few that changed, or builds it anew when there is none for
// most of them; and keeps it (a library small enough to index on the page at
// once has none). A function of its own so tests run it on a database here.
import MiniSearch from 'minisearch';
import type { AiUseCaseRow, MasterclassDb } from '@/db';
import { INDEX_OPTIONS } from './indexOptions';
import { applyRows, buildIndexState, indexFromState, stateOf, type IndexState } from './indexState';
import { BUILD_AWAY_FROM, keepIndex, readKeptIndex, withIndexLock, type RefreshAnswer } from './keptIndex';
import { rowVersion } from './rowVersion';

export function refreshKept(db: MasterclassDb): Promise<RefreshAnswer> {
  return withIndexLock(async () => {
    const started = performance.now();
    if ((await db.aiUseCases.count()) < BUILD_AWAY_FROM) return { type: 'refreshed', outcome: 'small', ms: performance.now() - started };
    const rows = await db.aiUseCases.toArray();
    const kept = await readKeptIndex(db, rows);
    if (!kept) {
      const built = buildIndexState(rows);
      const versions = new Map(rows.map((row) => [row.id, rowVersion(row)]));
      await keepIndex(db, { state: built.state, versions, buildMs: built.buildMs, builtAt: Date.now() });
      return { type: 'refreshed', outcome: 'built', ms: performance.now() - started };
    }
    const index: MiniSearch<AiUseCaseRow> = indexFromState(kept.state as IndexState, INDEX_OPTIONS);
    const held = new Map(kept.versions);
    const { added, changed } = applyRows(index, held, rows);
    if (added === 0 && changed === 0) return { type: 'refreshed', outcome: 'kept', ms: performance.now() - started };
    // Brought in step, it keeps the time its own build took.
    await keepIndex(db, { state: stateOf(index), versions: held, buildMs: kept.buildMs, builtAt: kept.builtAt });
    return { type: 'refreshed', outcome: 'updated', ms: performance.now() - started };
  });
}
