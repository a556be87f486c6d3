// A benchmark file run by itself (`node bench/<name>.mjs [--dist <dir>] [--write]`, after
// `npm run build`): it measures against the build in --dist (dist/ by default), prints the result,
// and with --write also stores it in bench/results/<name>.json and a line in history.jsonl, as
// `npm run bench` does.
import { appendFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { distDir, root } from '../../scripts/lib/paths.mjs';

/** Runs `benchmark` when `moduleUrl` is the script node was started with. */
export async function runAlone(moduleUrl, name, benchmark, historyLine) {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  const at = process.argv.indexOf('--dist');
  const publicDir = at > 0 ? path.resolve(process.argv[at + 1]) : distDir;
  const result = { measuredAt: new Date().toISOString(), ...await benchmark({ publicDir }) };
  const text = `${JSON.stringify(result, null, 2)}\n`;
  if (process.argv.includes('--write')) {
    writeFileSync(path.join(root, `bench/results/${name}.json`), text);
    appendFileSync(path.join(root, 'bench/results/history.jsonl'), `${JSON.stringify(historyLine(result))}\n`);
  }
  console.log(text);
}
