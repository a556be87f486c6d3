// What a visitor's device keeps of the public site, apart from the portal's
// database: the last event facts and speakers the landing page showed (shown
// again when the network is gone) and contact messages waiting for a
// connection. A database of its own, because none of it belongs to an account:
// signing in or out, the sync engine's schema upgrades and its per-user
// clean-up never touch it, and its Dexie code loads only after the landing
// page has rendered (never on its first paint).
import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import { PUBLIC_DB_NAME } from './publicDatabaseName';

/** One public server answer, stored whole under a name ('event', 'speakers', 'eventSummary'). */
export interface PublicCopyRow {
  key: string;
  value: unknown;
  /** When it was stored (ms since epoch). */
  savedAt: number;
}

/** A contact message waiting to be sent; `id` is the record id the server stores it under. */
export interface ContactOutboxRow {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: number;
  attempts: number;
  /** When the next attempt may run (ms since epoch). */
  nextAttemptAt: number;
}

export class PublicDb extends Dexie {
  copies!: EntityTable<PublicCopyRow, 'key'>;
  contactOutbox!: EntityTable<ContactOutboxRow, 'id'>;

  constructor(name = PUBLIC_DB_NAME, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({
      copies: 'key',
      // createdAt = send order.
      contactOutbox: 'id, createdAt',
    });
  }
}

let shared: PublicDb | null = null;

/** The app's one public database, opened on first use. */
export function publicDb(): PublicDb {
  shared ??= new PublicDb();
  return shared;
}
