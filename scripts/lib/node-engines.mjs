// Which Node the project runs on: package.json's `engines.node` (the README states the same
// range). Every package the lockfile installs must run on every Node in it, so a dependency
// that needs a newer Node is caught by a test (tests/server/node-engines.test.ts) instead of
// creeping in as an EBADENGINE warning at `npm ci`; and `npm start`, `npm test` and the other
// scripts stop with a clear message on a Node outside it (scripts/lib/install.mjs).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from './paths.mjs';

// semver is a devDependency: loaded when asked, after npm ci has installed it.
const semver = () => createRequire(path.join(root, 'package.json'))('semver');

/** package.json's engines.node. */
export function projectNodeRange(packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))) {
  const range = packageJson.engines?.node;
  if (typeof range !== 'string') throw new Error('package.json names no engines.node');
  return range;
}

/**
 * The packages in a package-lock.json (v2/v3 `packages`) whose engines.node leaves out some Node
 * in `range`, as `{ name, version, requires }`. Optional packages are left out: npm skips one whose
 * engines do not fit, without a warning (a platform's native build, e.g.).
 */
export function packagesNeedingAnotherNode(lock, range = projectNodeRange()) {
  const { subset, validRange } = semver();
  const conflicts = [];
  for (const [location, entry] of Object.entries(lock.packages ?? {})) {
    if (location === '' || entry.optional) continue;
    const requires = entry.engines?.node;
    if (typeof requires !== 'string') continue;
    if (!validRange(requires) || !subset(range, requires)) {
      conflicts.push({ name: location.replace(/^.*node_modules\//, ''), location, version: entry.version, requires });
    }
  }
  return conflicts;
}

/** A clear message when this Node is outside the project's range (null when it fits). */
export function nodeVersionProblem(version = process.version, range = projectNodeRange()) {
  if (semver().satisfies(version, range)) return null;
  return `This project runs on Node ${range} (package.json "engines"; README.md says the same), and this is Node ${version}. ` +
    'Install a Node in that range (Node 20.19 or later on the 20 line, 22.13 or later, or 24 and later) and run the command again.';
}
