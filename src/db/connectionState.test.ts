// Two tabs on one database: a newer version's schema upgrade is never blocked
// by an open older tab (which closes at once and reloads, or asks to when
// something typed would be lost, and can still save meanwhile); an upgrade that
// an old tab does hold up is reported and completes once it lets go; a
// database that cannot be opened is reported with the reason.
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseProblem, watchConnection } from './connectionState';
import { MasterclassDb } from './database';

const NAME = 'masterclass';

/** The schema version after the current one. */
const NEXT_VERSION = new MasterclassDb('unopened').verno + 1;

/** The next version of the app: one more table in a new schema version. */
class NextVersionDb extends MasterclassDb {
  futureNotes!: Dexie.Table<{ id: string }, string>;
  constructor(name: string, indexedDB: IDBFactory) {
    super(name, { indexedDB, IDBKeyRange });
    this.version(NEXT_VERSION).stores({ futureNotes: 'id' });
  }
}

function watched(db: MasterclassDb, unsaved = false) {
  const reloads: number[] = [];
  watchConnection(db, { reload: () => reloads.push(Date.now()), hasUnsavedInput: () => unsaved });
  return reloads;
}

const opened: Dexie[] = [];
afterEach(() => {
  opened.splice(0).forEach((db) => db.close());
});

describe('a newer version opened in another tab', () => {
  it('upgrades at once: the older tab closes its connection and reloads', async () => {
    const indexedDB = new IDBFactory();
    const oldTab = new MasterclassDb(NAME, { indexedDB, IDBKeyRange });
    opened.push(oldTab);
    const reloads = watched(oldTab);
    await oldTab.open();
    await oldTab.profiles.put({ id: 'user00000000001', updated: '', full_name: 'Ada' } as never);

    const newTab = new NextVersionDb(NAME, indexedDB);
    opened.push(newTab);
    await newTab.open();

    expect(newTab.verno).toBe(NEXT_VERSION);
    expect(reloads).toHaveLength(1);
    expect(oldTab.isOpen()).toBe(false);
    expect((await newTab.profiles.get('user00000000001'))?.full_name).toBe('Ada');
  });

  it('asks to reload instead when something typed would be lost, and a save meanwhile still lands', async () => {
    const indexedDB = new IDBFactory();
    const oldTab = new MasterclassDb(NAME, { indexedDB, IDBKeyRange });
    opened.push(oldTab);
    const reloads = watched(oldTab, true);
    await oldTab.open();

    const newTab = new NextVersionDb(NAME, indexedDB);
    opened.push(newTab);
    await newTab.open();

    expect(reloads).toHaveLength(0);
    expect(databaseProblem.get()).toEqual({ kind: 'outdated' });
    // The old tab saves what was typed before reloading: it reopens the upgraded database.
    await oldTab.outbox.add({ collection: 'users', recordId: 'user00000000001', op: 'update', patch: { company: 'Typed Co' }, createdAt: '', attempts: 0, nextAttemptAt: 0, status: 'pending' });
    expect((await newTab.outbox.toArray()).map((row) => row.patch)).toEqual([{ company: 'Typed Co' }]);
  });
});

describe('an upgrade an old tab holds up', () => {
  it('is reported as blocked and completes once the old tab lets go', async () => {
    const indexedDB = new IDBFactory();
    // A tab of an older app version that ignores upgrade requests.
    const stubborn = new MasterclassDb(NAME, { indexedDB, IDBKeyRange });
    opened.push(stubborn);
    stubborn.on('versionchange', () => false);
    await stubborn.open();

    const newTab = new NextVersionDb(NAME, indexedDB);
    opened.push(newTab);
    watched(newTab);
    const upgraded = newTab.open();
    await expect.poll(() => databaseProblem.get()).toEqual({ kind: 'blocked' });

    stubborn.close();
    await upgraded;
    expect(newTab.verno).toBe(NEXT_VERSION);
    expect(databaseProblem.get()).toBeNull();
  });
});

describe('a database that cannot be opened', () => {
  it('is reported with the browser\'s reason', async () => {
    const real = new IDBFactory();
    const broken = {
      open: () => {
        throw new DOMException('Internal error opening backing store for indexedDB.open.', 'UnknownError');
      },
      deleteDatabase: real.deleteDatabase.bind(real),
      cmp: real.cmp.bind(real),
      databases: real.databases.bind(real),
    } as unknown as IDBFactory;
    const db = new MasterclassDb(NAME, { indexedDB: broken, IDBKeyRange });
    watched(db);
    await expect.poll(() => databaseProblem.get()).toEqual({
      kind: 'unavailable', reason: 'Internal error opening backing store for indexedDB.open.',
    });
    await expect(db.profiles.count()).rejects.toThrow();
  });
});
