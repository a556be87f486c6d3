// Session materials kept for offline use. Once the portal unlocks, the
// dashboard fetches every material file in the background (after it has
// rendered) and stores it in the service worker's file cache under its
// address without the short-lived `token` (the service worker strips it the
// same way, see vite.config.ts), so a download link opens offline whatever
// token it carries. The page stores the files itself: on a first visit the
// service worker does not control the page yet.
import { useEffect, useState } from 'react';
import type { MaterialRow } from '@/db';
import { Collections } from '@/lib/collections';
import { FILES_CACHE } from '@/lib/fileCache';
import { pb } from '@/lib/pocketbase';

/** A material's download address (the link and the stored copy use the same one). */
export function materialUrl(material: MaterialRow, token: string): string {
  return pb.files.getURL({ ...material, collectionName: Collections.materials }, material.file, { token, download: true });
}

/** The cache key of a file address: absolute, without its `token`. */
export function fileCacheKey(url: string, base: string): string {
  const key = new URL(url, base);
  key.searchParams.delete('token');
  return key.href;
}

export interface FileStore {
  has(key: string): Promise<boolean>;
  put(key: string, response: Response): Promise<void>;
}

/** The Cache Storage the service worker reads; null where there is none (no secure context, old browsers). */
async function browserFileStore(): Promise<FileStore | null> {
  if (typeof caches === 'undefined') return null;
  const cache = await caches.open(FILES_CACHE);
  return {
    has: async (key) => (await cache.match(key)) !== undefined,
    put: (key, response) => cache.put(key, response),
  };
}

/**
 * Stores each material not stored yet, one at a time (a venue connection is
 * shared); calls `onStored` with every material id held so far. A file that
 * fails is left for the next visit.
 */
export async function storeMaterials(
  materials: readonly MaterialRow[], token: string | null, store: FileStore, base: string,
  fetchFile: (url: string) => Promise<Response>, onStored: (ids: Set<string>) => void, online: () => boolean,
): Promise<void> {
  const stored = new Set<string>();
  const missing: MaterialRow[] = [];
  for (const material of materials) {
    if (!material.file) continue;
    if (await store.has(fileCacheKey(materialUrl(material, ''), base))) stored.add(material.id);
    else missing.push(material);
  }
  onStored(new Set(stored));
  if (!token) return;
  for (const material of missing) {
    if (!online()) return;
    try {
      const url = materialUrl(material, token);
      const response = await fetchFile(url);
      if (!response.ok) continue;
      await store.put(fileCacheKey(url, base), response);
      stored.add(material.id);
      onStored(new Set(stored));
    } catch (error) {
      console.warn('Could not keep a session material for offline use', error);
    }
  }
}

/** Ids of the materials stored for offline use; starts storing the rest once `token` is there. */
export function useOfflineMaterials(materials: readonly MaterialRow[] | undefined, token: string | null): Set<string> {
  const [stored, setStored] = useState<Set<string>>(() => new Set());
  const files = (materials ?? []).map((material) => `${material.id}:${material.file}`).join(',');
  useEffect(() => {
    if (!materials || materials.length === 0) return;
    let current = true;
    void (async () => {
      const store = await browserFileStore().catch(() => null);
      if (!store || !current) return;
      await storeMaterials(
        materials, token, store, window.location.origin,
        (url) => fetch(url, { credentials: 'same-origin' }),
        (ids) => { if (current) setStored(ids); },
        () => current && navigator.onLine,
      );
    })();
    return () => {
      current = false;
    };
    // `files` stands for the materials: a new array with the same files is no new work.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [files, token]);
  return stored;
}
