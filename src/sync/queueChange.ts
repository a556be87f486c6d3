// The one way features write synced data: the local row and its outbox entry
// change in ONE transaction (the screen and the outbox never disagree), then
// the engine is nudged to push it.
import { askPersistentStorageOnce, isQuotaExceeded, LocalStorageFullError, metaKeys, readMeta, type CollectionRows, type MasterclassDb, type OutboxOp, type OutboxRow, type ServerRecord, type WritableCollection } from '@/db';
import type { Table } from 'dexie';
import { newRecordId } from '@/lib/ids';
import { appSyncStatus } from './appSyncStatus';
import { localTable } from './localTable';
import { requestSync } from './requestSync';

export interface QueuedChange<C extends WritableCollection> {
  collection: C;
  /** Omit on a create: a new id is made here. */
  recordId?: string;
  op: OutboxOp;
  /** Only the changed fields (on a create: every field to send). */
  patch?: Partial<Omit<CollectionRows[C], 'id' | 'created' | 'updated'>>;
  /**
   * On an update, the values the user edited from (a form's opened values);
   * fields left out take the row's current value. See OutboxRow.base.
   */
  base?: Partial<Omit<CollectionRows[C], 'id' | 'created' | 'updated'>>;
  /**
   * On an update, per field, the `sync_seq` of the server version the user
   * edited from (a form: the row it opened with); fields left out take the
   * row's. See OutboxRow.versions.
   */
  versions?: Partial<Record<keyof Omit<CollectionRows[C], 'id' | 'created' | 'updated'>, number>>;
}

/**
 * Returns the record id (new on a create). Storage full: throws
 * LocalStorageFullError, nothing of the change is stored and the sync status says so.
 */
export async function queueChange<C extends WritableCollection>(db: MasterclassDb, change: QueuedChange<C>): Promise<string> {
  const table = localTable(db, change.collection);
  if (!table) throw new Error(`${change.collection} is not a synced collection`);
  const recordId = change.recordId ?? newRecordId();
  const patch = { ...(change.patch ?? {}) } as Record<string, unknown>;
  const entry: OutboxRow = {
    collection: change.collection,
    recordId,
    op: change.op,
    patch: change.op === 'create' ? { ...patch, id: recordId } : patch,
    createdAt: new Date().toISOString(),
    attempts: 0,
    nextAttemptAt: 0,
    status: 'pending',
  };
  try {
    await writeLocally(db, table, entry, change.base as Record<string, unknown> | undefined, change.versions as Record<string, number> | undefined);
  } catch (error) {
    if (!isQuotaExceeded(error)) throw error;
    appSyncStatus.set({ storageFull: true });
    throw new LocalStorageFullError(error);
  }
  appSyncStatus.set({ storageFull: false });
  // The first save is when browsers most readily agree to keep the data for good.
  void askPersistentStorageOnce(db).catch(() => undefined);
  void requestSync();
  return recordId;
}

/** The local row and its outbox entry, in one transaction: the screen and the outbox never disagree. */
async function writeLocally(
  db: MasterclassDb, table: Table<ServerRecord, string>, entry: OutboxRow, base?: Record<string, unknown>, versions?: Record<string, number>,
): Promise<void> {
  const { op, recordId, patch } = entry;
  await db.transaction('rw', table, db.outbox, db.meta, async () => {
    const owner = await readMeta(db, metaKeys.userId);
    if (owner) entry.owner = owner;
    if (op === 'delete') await table.delete(recordId);
    else {
      const current = await table.get(recordId);
      // What the user saw: the row as shown (earlier unsent edits included, as
      // the server will have them when this one is sent after them).
      if (op === 'update') {
        entry.base = editBase(patch, current, base);
        entry.versions = await editVersions(db, entry, current, versions);
        await supersedeConflicts(db, entry);
      }
      // A create gets updated '' (no server version yet); an update keeps the stamp it was based on.
      await table.put({ ...current, ...patch, id: recordId, updated: current?.updated ?? '' } as ServerRecord);
    }
    await db.outbox.add(entry);
  });
}

/** The base of an update: each patched field's given base value, else its current value on the row. */
function editBase(patch: Record<string, unknown>, current: ServerRecord | undefined, given: Record<string, unknown> = {}): Record<string, unknown> {
  const base: Record<string, unknown> = {};
  for (const field of Object.keys(patch)) {
    if (field in given) base[field] = given[field];
    else if (current && field in current) base[field] = current[field];
  }
  return base;
}

/**
 * The versions of an update, per patched field: a field an earlier waiting
 * change of the row also sets takes that change's version (the user edited
 * the value it holds, which the server does not have yet; pushChange moves it
 * to the version the server gives that change); any other its given version,
 * else the version of the row held (0: none). Versions, not values: a field
 * that changed on the server after it is refused even if its value came back.
 */
async function editVersions(
  db: MasterclassDb, entry: OutboxRow, current: ServerRecord | undefined, given: Record<string, number> = {},
): Promise<Record<string, number>> {
  const waiting = (await db.outbox.where('[collection+recordId]').equals([entry.collection, entry.recordId])
    .filter((change) => change.status === 'pending' && change.op !== 'delete')
    .toArray()).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  const held = typeof current?.sync_seq === 'number' && current.sync_seq > 0 ? current.sync_seq : 0;
  // Fields some change of the row still holds (waiting, refused, in conflict): the row shows the device's value for them.
  const unsent = await db.outbox.where('[collection+recordId]').equals([entry.collection, entry.recordId]).toArray();
  const versions: Record<string, number> = {};
  for (const field of Object.keys(entry.patch)) {
    const earlier = waiting.filter((change) => field in change.patch).at(-1);
    if (!earlier) {
      const version = typeof given[field] === 'number' ? given[field] : held;
      // The row held shows the server's value of the field at its version; when that is the value the
      // user edited from, the edit was made on that version. A form's version can lag the row: the answer
      // to the user's own last save may reach the device a moment before the form hears of it, and that
      // save would otherwise count against this one as a change made on the server since.
      const serverValueShown = !unsent.some((change) => change.op !== 'delete' && field in change.patch);
      const editedFromIt = JSON.stringify(current?.[field] ?? '') === JSON.stringify(entry.base?.[field] ?? '');
      versions[field] = serverValueShown && editedFromIt && held > version ? held : version;
    }
    // A row not on the server yet: the create's version, once it has one.
    else if (earlier.op === 'create') versions[field] = 0;
    // An earlier change from before versions were kept: its value base speaks for this field.
    else if (typeof earlier.versions?.[field] === 'number') versions[field] = earlier.versions[field];
  }
  return versions;
}

/**
 * A new edit of a field an older change still holds in conflict is the user's
 * latest word on it (made while the row showed the server's value): that
 * field leaves the older change, so a later "Keep mine" cannot bring back the
 * older value over it. An older change left with no field is removed.
 */
async function supersedeConflicts(db: MasterclassDb, entry: OutboxRow): Promise<void> {
  const older = await db.outbox.where('[collection+recordId]').equals([entry.collection, entry.recordId])
    .filter((change) => change.status === 'failed' && (change.conflict?.length ?? 0) > 0)
    .toArray();
  for (const change of older) {
    if (change.seq === undefined || !Object.keys(entry.patch).some((field) => field in change.patch)) continue;
    const keep = (field: string) => !(field in entry.patch);
    const patch = Object.fromEntries(Object.entries(change.patch).filter(([field]) => keep(field)));
    if (Object.keys(patch).length === 0) {
      await db.outbox.delete(change.seq);
      continue;
    }
    const base = Object.fromEntries(Object.entries(change.base ?? {}).filter(([field]) => keep(field)));
    // Each field left keeps its own version.
    const versions = change.versions && Object.fromEntries(Object.entries(change.versions).filter(([field]) => keep(field)));
    const conflict = (change.conflict ?? []).filter(keep);
    if (conflict.length === 0) {
      // What is left was never in conflict: it goes like any waiting change, with its base and versions.
      await db.outbox.update(change.seq, { patch, base, versions, conflict: undefined, status: 'pending', attempts: 0, nextAttemptAt: 0, error: undefined });
    } else await db.outbox.update(change.seq, { patch, base, versions, conflict });
  }
}
