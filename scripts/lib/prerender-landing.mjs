// Vite plugin: prerenders the landing page into index.html at build time, so `/`
// paints its hero before any script runs, and writes shell.html, the same page
// with an empty root, for every other route (the server's and the service
// worker's SPA fallback), so no other route flashes the landing page.
//
// The landing tree is built once more as an SSR bundle (same config, same CSS
// module names) into a temporary directory and rendered with react-dom/server.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

export const SHELL_FILE = 'shell.html';
const ROOT_ELEMENT = '<div id="root"></div>';

/** Inserts the rendered markup into the root element and the landing route's files into the head. */
export function injectLanding(html, { markup, stylesheets = [], modules = [] }) {
  if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to prerender into`);
  const missing = (href) => !html.includes(`href="${href}"`) && !html.includes(`src="${href}"`);
  const head = [
    ...stylesheets.filter(missing).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...modules.filter(missing).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ].join('\n    ');
  const withHead = head ? html.replace('</head>', `\n    ${head}\n  </head>`) : html;
  return withHead.replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`);
}

/** The landing route's lazy chunk and every chunk it imports statically, with their CSS. */
function landingRouteFiles(bundle, base) {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const landing = chunks.find((chunk) => chunk.isDynamicEntry && /src\/routes\/index\.tsx\?tsr-split=component/.test(chunk.facadeModuleId ?? ''));
  if (!landing) throw new Error('The landing route chunk (src/routes/index.tsx) was not found in the bundle');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const modules = new Set();
  const stylesheets = new Set();
  const visit = (chunk) => {
    if (modules.has(chunk.fileName)) return;
    modules.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) stylesheets.add(css);
    for (const imported of chunk.imports) {
      const next = byName.get(imported);
      if (next) visit(next);
    }
  };
  visit(landing);
  return { modules: [...modules].map((file) => base + file), stylesheets: [...stylesheets].map((file) => base + file) };
}

export function prerenderLanding({ entry }) {
  let config;
  let renderLanding;
  let tempDir;
  return {
    name: 'masterclass:prerender-landing',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async buildStart() {
      // Inside the project, so the bundle's bare imports resolve from its node_modules;
      // one directory per build, so builds running side by side never share one.
      const cacheDir = path.join(config.root, 'node_modules/.cache');
      mkdirSync(cacheDir, { recursive: true });
      tempDir = mkdtempSync(path.join(cacheDir, 'masterclass-prerender-'));
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: { ssr: entry, outDir: tempDir, emptyOutDir: true, copyPublicDir: false, minify: false },
      });
      const built = path.join(tempDir, `${path.basename(entry).replace(/\.[jt]sx?$/, '')}.js`);
      ({ renderLanding } = await import(pathToFileURL(built).href));
    },
    async generateBundle(_, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') throw new Error('index.html is missing from the build');
      const shell = String(index.source);
      this.emitFile({ type: 'asset', fileName: SHELL_FILE, source: shell });
      const markup = await renderLanding();
      index.source = injectLanding(shell, { markup, ...landingRouteFiles(bundle, config.base) });
    },
    closeBundle() {
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    },
  };
}
