// Builds the PocketBase binary from pocketbase/ (go.mod + main.go) into .bin/,
// and rebuilds it only when a file in pocketbase/ changed since the last build.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { binDir, pocketbaseBin, serverSourceDir } from './paths.mjs';
import { runGo } from './go-run.mjs';
import { TOOLS_PREPARED_ENV } from './test-tools.mjs';

const stampFile = path.join(binDir, 'pocketbase.sourcehash');

/** The PocketBase version go.mod pins, which the binary reports (`pocketbase --version`, the dashboard). */
export function pocketbaseVersion() {
  const goMod = readFileSync(path.join(serverSourceDir, 'go.mod'), 'utf8');
  const match = /^\s*github\.com\/pocketbase\/pocketbase (v\S+)/m.exec(goMod);
  if (!match) throw new Error('pocketbase/go.mod does not require github.com/pocketbase/pocketbase');
  return match[1];
}

function buildArgs() {
  return ['build', '-trimpath', '-ldflags', `-s -w -X github.com/pocketbase/pocketbase.Version=${pocketbaseVersion()}`, '-o', pocketbaseBin, '.'];
}

function sourceHash() {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(buildArgs()));
  for (const name of readdirSync(serverSourceDir).sort()) {
    hash.update(name);
    hash.update(readFileSync(path.join(serverSourceDir, name)));
  }
  return hash.digest('hex');
}

export function ensureServerBinary({ log = console.log } = {}) {
  // Under npm test the binary was built or found current before any test started
  // (prepare-test-tools.mjs): hashing pocketbase/ again (its 30 MB of invoice fonts, about 0.12
  // CPU-seconds) for each of a run's few hundred test servers would only find the same.
  if (process.env[TOOLS_PREPARED_ENV] && existsSync(pocketbaseBin)) return pocketbaseBin;
  const wanted = sourceHash();
  if (existsSync(pocketbaseBin) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted) {
    return pocketbaseBin;
  }
  log('Building the PocketBase server binary (first run takes a few minutes)…');
  execFileSync('go', buildArgs(), {
    cwd: serverSourceDir,
    stdio: 'inherit',
    env: { ...process.env, CGO_ENABLED: '0' },
  });
  writeFileSync(stampFile, wanted);
  return pocketbaseBin;
}

/**
 * As ensureServerBinary, without blocking (npm test builds it beside the test tools): resolves
 * to whether it was built; rejects with go's output when the build fails or outlasts `timeoutMs`.
 */
export async function buildServerBinary({ timeoutMs = 20 * 60_000 } = {}) {
  const wanted = sourceHash();
  if (existsSync(pocketbaseBin) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted) return false;
  try {
    await runGo(buildArgs(), { cwd: serverSourceDir, env: { ...process.env, CGO_ENABLED: '0' }, timeoutMs });
  } catch (error) {
    const output = (error.output ?? '').trim();
    throw new Error(`Building the PocketBase server binary (go ${buildArgs().join(' ')} in pocketbase/) failed: ${error.reason ?? error.message}. It needs Go 1.26 or later on PATH and the Go module proxy (or a filled module cache).${output ? `\n${output}` : ''}`);
  }
  writeFileSync(stampFile, wanted);
  return true;
}
