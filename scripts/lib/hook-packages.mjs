// npm packages the server's JS hooks use. PocketBase's hooks cannot load
// node_modules, so before any PocketBase process starts (npm start, npm run
// dev, every test and benchmark server: scripts/lib/pocketbase-process.mjs),
// each package's single-file build is placed under pb_hooks/vendor/ (ignored
// by git), unchanged, from the installed package: package.json and the
// lockfile pin the version, and nothing of it is kept in the repository.
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { hooksDir, root } from './paths.mjs';

/** vendor file name → the installed file it is placed from. */
export const HOOK_PACKAGES = {
  'qrcode-generator.js': path.join('node_modules', 'qrcode-generator', 'dist', 'qrcode.js'),
};

export const vendorDir = path.join(hooksDir, 'vendor');

/** Places (or refreshes) every hook package; throws with a clear message when one is not installed. */
export function placeHookPackages() {
  mkdirSync(vendorDir, { recursive: true });
  for (const [name, source] of Object.entries(HOOK_PACKAGES)) {
    const from = path.join(root, source);
    if (!existsSync(from)) throw new Error(`${source} is missing: run npm install (npm start and npm test do) before starting the server`);
    const to = path.join(vendorDir, name);
    if (existsSync(to) && readFileSync(to).equals(readFileSync(from))) continue;
    copyFileSync(from, to);
  }
}
