// Half-filled forms kept in browser storage, so a reload (the "New version
// available" Reload, a phone killing the tab, a crash) never loses what was
// typed. Each form decides which fields it keeps: never passwords or card data.
// Storage can be unavailable or hold anything; a bad value reads as absent.

export type DraftStore = 'local' | 'session';

function storage(store: DraftStore): Storage | null {
  try {
    return store === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

const draftKey = (name: string) => `draft:${name}`;

/** The stored draft, or null when there is none or it does not pass `accept`. */
export function readDraft<T>(name: string, accept: (value: unknown) => value is T, store: DraftStore = 'local'): T | null {
  try {
    const raw = storage(store)?.getItem(draftKey(name));
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return accept(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeDraft(name: string, value: unknown, store: DraftStore = 'local'): void {
  try {
    storage(store)?.setItem(draftKey(name), JSON.stringify(value));
  } catch (error) {
    console.warn(`Could not keep the ${name} draft`, error);
  }
}

export function clearDraft(name: string, store: DraftStore = 'local'): void {
  try {
    storage(store)?.removeItem(draftKey(name));
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Only the string fields named, each "" when absent or not a string. */
export function stringFields<K extends string>(value: Record<string, unknown>, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, typeof value[key] === 'string' ? value[key] : ''])) as Record<K, string>;
}
