// What can go wrong with this tab's connection to the device's database, and
// what the tab does about it:
// - another tab opens a newer version of the app, whose schema upgrade needs
//   this connection closed ('versionchange'): it is closed at once, so the
//   upgrade never waits; the tab reloads into the new version when nothing
//   typed would be lost, otherwise it asks the user to reload ('outdated');
// - this tab's upgrade waits for an older tab that does not let go ('blocked');
// - the database cannot be opened at all (storage switched off, a corrupt or
//   unreadable file): the online parts keep working and the portal says why
//   ('unavailable').
import type { MasterclassDb } from './database';

export type DatabaseProblem =
  | { kind: 'outdated' }
  | { kind: 'blocked' }
  | { kind: 'unavailable'; reason: string };

let problem: DatabaseProblem | null = null;
const listeners = new Set<() => void>();

function setProblem(next: DatabaseProblem | null): void {
  problem = next;
  listeners.forEach((listener) => listener());
}

export const databaseProblem = {
  get: () => problem,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export interface ConnectionWatch {
  /** Reloads the tab into the new version. */
  reload: () => void;
  /** Whether reloading now would lose something the user typed. */
  hasUnsavedInput: () => boolean;
}

function describe(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { name, message, inner } = error as { name?: unknown; message?: unknown; inner?: unknown };
    if (inner) return describe(inner);
    if (typeof message === 'string' && message) return message;
    if (typeof name === 'string') return name;
  }
  return String(error);
}

/** Handles the database's connection events; opens it to learn at once whether it can be opened. */
export function watchConnection(db: MasterclassDb, watch: ConnectionWatch): void {
  db.on('versionchange', () => {
    // Closed with auto-open kept: a save made before the reload reopens the
    // database at the newer version (Dexie opens an upgraded database as it is).
    db.close({ disableAutoOpen: false });
    if (watch.hasUnsavedInput()) setProblem({ kind: 'outdated' });
    else watch.reload();
    return false;
  });
  db.on('blocked', () => {
    setProblem({ kind: 'blocked' });
  });
  db.on('ready', () => {
    if (problem?.kind === 'blocked' || problem?.kind === 'unavailable') setProblem(null);
  });
  db.open().catch((error: unknown) => {
    console.error('The local database could not be opened', error);
    setProblem({ kind: 'unavailable', reason: describe(error) });
  });
}
