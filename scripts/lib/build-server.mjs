// Builds the PocketBase binary from pocketbase/ (go.mod + main.go) into .bin/,
// and rebuilds it only when a file in pocketbase/ changed since the last build.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { binDir, pocketbaseBin, serverSourceDir } from './paths.mjs';

const stampFile = path.join(binDir, 'pocketbase.sourcehash');

/** The PocketBase version go.mod pins, which the binary reports (`pocketbase --version`, the dashboard). */
export function pocketbaseVersion() {
  const goMod = readFileSync(path.join(serverSourceDir, 'go.mod'), 'utf8');
  const match = /^\s*github\.com\/pocketbase\/pocketbase (v\S+)/m.exec(goMod);
  if (!match) throw new Error('pocketbase/go.mod does not require github.com/pocketbase/pocketbase');
  return match[1];
}

function buildArgs() {
  return ['build', '-trimpath', '-ldflags', `-X github.com/pocketbase/pocketbase.Version=${pocketbaseVersion()}`, '-o', pocketbaseBin, '.'];
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
export function buildServerBinary({ timeoutMs = 20 * 60_000 } = {}) {
  const wanted = sourceHash();
  if (existsSync(pocketbaseBin) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted) return Promise.resolve(false);
  return new Promise((resolve, reject) => {
    const child = spawn('go', buildArgs(), { cwd: serverSourceDir, env: { ...process.env, CGO_ENABLED: '0' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL'); // go and the compilers it started
      } catch {
        // already gone
      }
    }, timeoutMs);
    let settled = false;
    const fail = (reason) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new Error(`Building the PocketBase server binary (go ${buildArgs().join(' ')} in pocketbase/) failed: ${reason}. It needs Go 1.26 or later on PATH and the Go module proxy (or a filled module cache).${output.trim() ? `\n${output.trim()}` : ''}`));
    };
    child.on('error', (error) => fail(error.code === 'ENOENT' ? 'no `go` command was found' : error.message));
    child.on('close', (code, signal) => {
      if (timedOut) return fail(`it did not finish within ${timeoutMs / 60_000} minutes`);
      if (code !== 0) return fail(signal ? `go was stopped by ${signal}` : `go exited with status ${code}`);
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      writeFileSync(stampFile, wanted);
      resolve(true);
    });
  });
}
