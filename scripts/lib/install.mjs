// Installs npm packages when node_modules is missing or older than the lockfile.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { root } from './paths.mjs';

export function ensureNodeModules({ log = console.log } = {}) {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lockfile = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lockfile).mtimeMs) return;
  log('Installing npm packages…');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
}

export function buildApp({ log = console.log } = {}) {
  log('Building the app…');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
}
