// Writes .gz (gzip level 9) and .br (brotli quality 11) beside every
// compressible file of a build, for the server to send as they are
// (pocketbase/static.go). Run after `vite build`:
//   node scripts/lib/precompress.mjs [--outDir <dir>]   (default: dist)
// Other arguments (vite's, passed through by `npm run build -- …`) are ignored.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export const COMPRESSIBLE = /\.(js|mjs|cjs|css|html?|svg|json|map|webmanifest|txt|ics|xml|wasm)$/i;
export const MIN_BYTES = 1024;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

async function compressOne(file) {
  const content = await readFile(file);
  const [gz, br] = await Promise.all([
    gzipAsync(content, { level: 9 }),
    brotliAsync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        [constants.BROTLI_PARAM_MODE]: /\.wasm$/i.test(file) ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
      },
    }),
  ]);
  const written = { file, bytes: content.length, gzipBytes: null, brotliBytes: null };
  // A sibling that saves nothing is not worth a separate answer.
  if (gz.length < content.length) {
    await writeFile(`${file}.gz`, gz);
    written.gzipBytes = gz.length;
  }
  if (br.length < content.length) {
    await writeFile(`${file}.br`, br);
    written.brotliBytes = br.length;
  }
  return written;
}

/** Precompresses every compressible file above MIN_BYTES under dir; returns what it wrote. */
export async function precompress(dir, { concurrency = 4 } = {}) {
  const files = [];
  for await (const file of walk(dir)) {
    if (COMPRESSIBLE.test(file) && (await stat(file)).size > MIN_BYTES) files.push(file);
  }
  const results = [];
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, async () => {
    while (next < files.length) results.push(await compressOne(files[next++]));
  }));
  return results.sort((a, b) => a.file.localeCompare(b.file));
}

/** vite's --outDir (as `--outDir x` or `--outDir=x`), else dist. */
export function outDirFromArgs(args) {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--outDir' && args[i + 1]) return args[i + 1];
    if (args[i].startsWith('--outDir=')) return args[i].slice('--outDir='.length);
  }
  return 'dist';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(outDirFromArgs(process.argv.slice(2)));
  const results = await precompress(dir);
  const sum = (key) => results.reduce((total, r) => total + (r[key] ?? r.bytes), 0);
  console.log(`precompressed ${results.length} files in ${path.relative(process.cwd(), dir) || '.'}: ` +
    `${(sum('bytes') / 1024).toFixed(1)} KiB → gzip ${(sum('gzipBytes') / 1024).toFixed(1)} KiB, brotli ${(sum('brotliBytes') / 1024).toFixed(1)} KiB`);
}
