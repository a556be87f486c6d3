// Installs npm packages when node_modules is missing or older than the lockfile.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { nodeVersionProblem } from './node-engines.mjs';
import { root } from './paths.mjs';

/** Installs what is missing, then stops with a clear message on a Node outside package.json's engines. */
export function ensureNodeModules({ log = console.log } = {}) {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lockfile = path.join(root, 'package-lock.json');
  if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(lockfile).mtimeMs) {
    log('Installing npm packages…');
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  }
  const problem = nodeVersionProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}

export function buildApp({ log = console.log } = {}) {
  log('Building the app…');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
}
