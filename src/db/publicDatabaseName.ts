/** The name of the device's public database (./publicDatabase.ts), apart from Dexie so a page can ask whether it exists without loading it. */
export const PUBLIC_DB_NAME = 'masterclass-public';

/** Its table of contact messages waiting to be sent (PublicDb.contactOutbox). */
export const OUTBOX_STORE = 'contactOutbox';
