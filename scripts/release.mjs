// `npm run release`: one folder, release/ai-champions-<version>/, and its
// archive release/ai-champions-<version>.tar.gz, that run the app on a server
// with no Node and no Go (docs/running-in-production.md):
//   pocketbase              the server binary (scripts/lib/build-server.mjs: static, CGO off)
//   litestream              the database replicator (pocketbase/replication.go), built from its pinned module
//   public/                 the built app, precompressed (npm run build)
//   pb_hooks/               the JS hooks
//   pb_migrations/          the JS migrations (run at every start)
//   run                     starts it in production mode, every setting from the environment (deploy/run)
//   RUNNING.md              how to run and install it (deploy/RUNNING.md)
//   ai-champions.service    a systemd unit, ai-champions.env its settings, Caddyfile the HTTPS proxy (deploy/)
//   VERSION                 the version, commit and PocketBase version it was built from
//
//   node scripts/release.mjs [--out-dir <dir>]   (default: release/)
//
// The share-preview links in the landing page are read when the app is built:
// `APP_URL=https://masterclass.example.com npm run release` makes them
// absolute; without it they are relative.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureNodeModules } from './lib/install.mjs';
import { ensureServerBinary } from './lib/build-server.mjs';
import { ensureGoTool } from './lib/test-tools.mjs';
import { hooksDir, migrationsDir, root, serverSourceDir } from './lib/paths.mjs';

/** The files of deploy/ the release carries, and whether each is a program. */
const DEPLOY_FILES = { run: true, 'RUNNING.md': false, 'ai-champions.service': false, 'ai-champions.env': false, Caddyfile: false };

function option(name, fallback) {
  const index = process.argv.indexOf(name);
  if (index === -1) return fallback;
  const value = process.argv[index + 1];
  if (!value || value.startsWith('--')) throw new Error(`${name} needs a value`);
  return path.resolve(value);
}

function git(...args) {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

/** The PocketBase version pocketbase/go.mod requires. */
function pocketbaseVersion() {
  const goMod = readFileSync(path.join(serverSourceDir, 'go.mod'), 'utf8');
  return /github\.com\/pocketbase\/pocketbase (v\S+)/.exec(goMod)?.[1] ?? 'unknown';
}

/** Copies the hooks, without a vendor folder an older checkout may have left (the hooks load no npm packages). */
function copyHooks(target) {
  const vendor = path.join(hooksDir, 'vendor');
  cpSync(hooksDir, target, { recursive: true, filter: (source) => source !== vendor });
}

const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

const outDir = option('--out-dir', path.join(root, 'release'));
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const name = `ai-champions-${version}`;
const folder = path.join(outDir, name);
const archive = path.join(outDir, `${name}.tar.gz`);

ensureNodeModules();
rmSync(folder, { recursive: true, force: true });
rmSync(archive, { force: true });
mkdirSync(folder, { recursive: true });

console.log(`Building ${path.relative(process.cwd(), folder) || folder}…`);
copyFileSync(ensureServerBinary(), path.join(folder, 'pocketbase'));
chmodSync(path.join(folder, 'pocketbase'), 0o755);
// Litestream beside the server: continuous replication of the database (docs/backups.md)
copyFileSync(ensureGoTool('litestream'), path.join(folder, 'litestream'));
chmodSync(path.join(folder, 'litestream'), 0o755);

// The app, built once straight into the release (npm run build: vite, then the precompressed siblings);
// `--app <dir>` copies a build already made by `npm run build` from this checkout instead (npm test's
// release test reuses the browser tests' build so the app is built once per run).
const prebuiltApp = option('--app', '');
if (prebuiltApp) {
  if (!existsSync(path.join(prebuiltApp, 'index.html'))) throw new Error(`--app ${prebuiltApp} holds no built app (index.html)`);
  cpSync(prebuiltApp, path.join(folder, 'public'), { recursive: true });
} else {
  execFileSync('npm', ['run', '--silent', 'build', '--', '--outDir', path.join(folder, 'public'), '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

copyHooks(path.join(folder, 'pb_hooks'));
cpSync(migrationsDir, path.join(folder, 'pb_migrations'), { recursive: true });
for (const [file, program] of Object.entries(DEPLOY_FILES)) {
  copyFileSync(path.join(root, 'deploy', file), path.join(folder, file));
  chmodSync(path.join(folder, file), program ? 0o755 : 0o644);
}

const commit = git('rev-parse', 'HEAD');
const changed = git('status', '--porcelain', '--', 'pocketbase', 'pb_hooks', 'pb_migrations', 'src', 'public', 'deploy', 'index.html', 'package.json', 'package-lock.json');
writeFileSync(path.join(folder, 'VERSION'), [
  `version ${version}`,
  `commit ${commit || 'unknown'}${changed ? ' with uncommitted changes' : ''}`,
  `pocketbase ${pocketbaseVersion()}`,
  `built ${new Date().toISOString()}`,
  '',
].join('\n'));
if (changed) console.warn('  Note: built from uncommitted changes (VERSION says so).');

// GNU tar: entries owned by root (numeric), so unpacking as any user gives that user's files.
execFileSync('tar', ['--create', '--gzip', '--file', archive, '--owner=0', '--group=0', '--numeric-owner', '--directory', outDir, name]);

console.log(`
  Release ${name} (PocketBase ${pocketbaseVersion()}):
    ${folder}
    ${archive} (${mib(statSync(archive).size)})
  Try it:   DATA_DIR=/tmp/ai-champions-data APP_URL=http://127.0.0.1:8090 ${path.join(folder, 'run')}
  Install:  RUNNING.md in the folder, or docs/running-in-production.md
`);
