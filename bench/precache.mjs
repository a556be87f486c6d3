// What the service worker precaches on install: the files listed in the built
// sw.js manifest, counted and summed as stored (uncompressed) in the build.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { distDir } from '../scripts/lib/paths.mjs';

/** The `{url, revision}` entries of a Workbox precache manifest inside sw.js. */
export function precacheEntries(swSource) {
  return [...swSource.matchAll(/\{url:"([^"]+)",revision:(?:"[^"]*"|null)\}/g)].map((match) => match[1]);
}

export function measurePrecache({ publicDir = distDir } = {}) {
  const urls = precacheEntries(readFileSync(path.join(publicDir, 'sw.js'), 'utf8'));
  if (urls.length === 0) throw new Error('No precache manifest found in sw.js');
  const files = urls.map((url) => ({ url, bytes: statSync(path.join(publicDir, url)).size }));
  const byKind = {};
  for (const file of files) {
    const kind = path.extname(file.url).slice(1) || 'other';
    byKind[kind] = { files: (byKind[kind]?.files ?? 0) + 1, bytes: (byKind[kind]?.bytes ?? 0) + file.bytes };
  }
  return { files: files.length, bytes: files.reduce((sum, file) => sum + file.bytes, 0), byKind };
}
