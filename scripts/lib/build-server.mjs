// Builds the PocketBase binary from pocketbase/ (go.mod + main.go) into .bin/,
// and rebuilds it only when a file in pocketbase/ changed since the last build.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { binDir, pocketbaseBin, serverSourceDir } from './paths.mjs';

const stampFile = path.join(binDir, 'pocketbase.sourcehash');

function sourceHash() {
  const hash = createHash('sha256');
  for (const name of readdirSync(serverSourceDir).sort()) {
    hash.update(name);
    hash.update(readFileSync(path.join(serverSourceDir, name)));
  }
  return hash.digest('hex');
}

export function ensureServerBinary({ log = console.log } = {}) {
  const wanted = sourceHash();
  if (existsSync(pocketbaseBin) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted) {
    return pocketbaseBin;
  }
  log('Building the PocketBase server binary (first run takes a few minutes)…');
  execFileSync('go', ['build', '-trimpath', '-o', pocketbaseBin, '.'], {
    cwd: serverSourceDir,
    stdio: 'inherit',
    env: { ...process.env, CGO_ENABLED: '0' },
  });
  writeFileSync(stampFile, wanted);
  return pocketbaseBin;
}
