// Vite plugin: after a client build, records which npm packages each emitted
// chunk carries, in node_modules/.cache/masterclass-bundle/<outDir name>.json
// (outside the build, so it is neither served nor precached). The landing
// benchmark reads it to prove that libraries only the tools or the admin area
// use never reach the landing page's first load.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const REPORT_DIR = 'node_modules/.cache/masterclass-bundle';

/** The npm package a module id belongs to ('@scope/name' or 'name'), or null for the app's own code. */
export function packageOf(moduleId) {
  const normalised = moduleId.replaceAll('\\', '/');
  const at = normalised.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const [first, second] = normalised.slice(at + '/node_modules/'.length).split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

export function bundleReportPath(root, outDir) {
  return path.join(root, REPORT_DIR, `${path.basename(path.resolve(root, outDir))}.json`);
}

export function readBundleReport(root, outDir) {
  return JSON.parse(readFileSync(bundleReportPath(root, outDir), 'utf8'));
}

export function bundleReport() {
  let config;
  return {
    name: 'masterclass:bundle-report',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_, bundle) {
      const chunks = {};
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        const packages = new Set(item.moduleIds.map(packageOf).filter(Boolean));
        chunks[item.fileName] = [...packages].sort();
      }
      const file = bundleReportPath(config.root, config.build.outDir);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(chunks, null, 1)}\n`);
    },
  };
}
