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
import { fillHero, heroTemplates, LANDING_HERO_FILE } from './landing-hero.mjs';

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

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/** The name the browser reports the hero art's paint under (Element Timing's `identifier`). */
export const ART_TIMING = 'prerendered-art';

/** How long the page waits for its hero art to paint before starting the scripts anyway (a hidden tab, a hung request). */
export const SCRIPT_START_FALLBACK_MS = 2500;

/**
 * Starts the app's scripts once the prerendered page has painted its hero art
 * (the page's largest element), not from the head: on a slow phone connection
 * the hero paints from the HTML, its two small stylesheets and the art alone,
 * and the scripts, fetched right after, take over the page (src/main.tsx
 * renders over it). Where the browser reports element paints (Element Timing),
 * the scripts wait for the art's own paint report, so they never compete with the
 * first paint for the network or the main thread; elsewhere they start a frame
 * after the art has loaded. A page that cannot paint soon (a background tab, an
 * art request that hangs) starts them after SCRIPT_START_FALLBACK_MS anyway.
 *
 * Element Timing reports only elements carrying `elementtiming`, an attribute HTML
 * does not define, present when the element paints. So the served HTML stays
 * valid, a one-line script at the start of the body gives the art the attribute
 * the moment the parser inserts it (a MutationObserver's callback runs before the
 * browser can paint): the loader at the end of the body may run only after the
 * art has painted, when the stylesheets arrive later than the art. The loader
 * takes the attribute away once the scripts start, so the page the app renders
 * stays valid too.
 */
/** @param {string} html @param {{ utmKeys?: string[], intentEvents?: readonly string[], landingReached?: string }} [options] */
export function startScriptsAfterFirstPaint(html, { utmKeys = [], intentEvents = [], landingReached = '' } = {}) {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]);
  if (entries.length !== 1) throw new Error(`index.html should load one module entry, found ${entries.length}`);
  // Tracking parameters are kept at once (src/lib/utm.ts does the same once the app runs): a
  // visitor who follows a link on the prerendered page before the scripts start keeps them too.
  const captureUtm = `try{var query=new URLSearchParams(location.search);${JSON.stringify(utmKeys)}.forEach(function(key){var value=(query.get(key)||'').trim();if(value)localStorage.setItem(key,value.slice(0,200))})}catch(error){}`;
  // Only the entry: it keeps the page as sent until the page needs the app
  // (src/app/landingWake.ts), and runs none of the app's modules before then. Preloading
  // them here, one per task, was thirty tasks of up to 45 ms each on a phone-speed CPU
  // (4× slowed down) for modules most visits never run; the app's start asks for them
  // itself, all at once, when it begins (Vite's preload helper).
  const startScripts = `var started=false;function start(){if(started)return;started=true;if(art)art.removeAttribute('elementtiming');try{performance.mark('scripts-start')}catch(error){}var script=document.createElement('script');script.type='module';script.crossOrigin='';script.src=${JSON.stringify(entries[0])};document.head.appendChild(script)}`;
  const afterArtPaint = `function soon(){setTimeout(start,0)}function afterPaint(){requestAnimationFrame(soon)}var art=document.querySelector('img[data-prerendered]');var types=(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[];if(art&&types.indexOf('element')>=0){new PerformanceObserver(function(list){list.getEntries().forEach(function(entry){if(entry.element===art||entry.identifier===ART_TIMING)soon()})}).observe({type:'element',buffered:true});art.addEventListener('error',afterPaint)}else if(art&&!art.complete){art.addEventListener('load',afterPaint);art.addEventListener('error',afterPaint)}else{afterPaint()}setTimeout(start,${SCRIPT_START_FALLBACK_MS})`;
  // The visitor reaching for the page before the app's entry has run (a tap, a key, a scroll)
  // is remembered for it (src/app/landingIntent.ts names the events and the flag src/app/landingWake.ts reads) and starts the scripts at once.
  const reached = `function reached(){window[${JSON.stringify(landingReached)}]=true;start()}${JSON.stringify(intentEvents)}.forEach(function(type){addEventListener(type,reached,{capture:true,passive:true,once:true})});`;
  const loader = `<script>(function(){var ART_TIMING=${JSON.stringify(ART_TIMING)};${captureUtm}${startScripts}${reached}${afterArtPaint}})()</script>`;
  // Before the root, so it observes the art's insertion; it stops at DOMContentLoaded.
  const timeArt = `<script>(function(){var observer=new MutationObserver(function(){var art=document.querySelector('img[data-prerendered]');if(art){art.setAttribute('elementtiming',${JSON.stringify(ART_TIMING)});observer.disconnect()}});observer.observe(document.documentElement,{childList:true,subtree:true});document.addEventListener('DOMContentLoaded',function(){observer.disconnect()})})()</script>`;
  if (!/<body>\s*<div id="root">/.test(html)) throw new Error('index.html should open its body with the root element');
  return html
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('<body>', `<body>\n    ${timeArt}`)
    .replace('</body>', `  ${loader}\n  </body>`);
}

/**
 * The CSS of the landing route's lazy chunk and of the sections below its hero (a chunk
 * of their own, src/features/landing/deferredSections.tsx), with every chunk each imports
 * statically. The sections' styles are in the first paint: the
 * prerendered page shows those sections, and a stylesheet arriving after the paint
 * restyled and laid them out again, a long task on a phone. No module is
 * preloaded: the page runs none of the app's modules until it needs the app
 * (src/app/landingWake.ts).
 */
function landingRouteFiles(bundle, base) {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const dynamicEntry = (pattern, name) => {
    const found = chunks.find((chunk) => chunk.isDynamicEntry && pattern.test(chunk.facadeModuleId ?? ''));
    if (!found) throw new Error(`The ${name} chunk was not found in the bundle`);
    return found;
  };
  const landing = dynamicEntry(/src\/routes\/index\.tsx\?tsr-split=component/, 'landing route (src/routes/index.tsx)');
  const lowerSections = dynamicEntry(/src\/features\/landing\/LowerSections\.tsx$/, 'lower sections (src/features/landing/LowerSections.tsx)');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const stylesheets = new Set();
  /** The chunk and the chunks it imports statically, adding their CSS to the stylesheets. */
  const reach = (start) => {
    const found = new Set();
    const visit = (chunk) => {
      if (found.has(chunk.fileName)) return;
      found.add(chunk.fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) stylesheets.add(css);
      for (const imported of chunk.imports) {
        const next = byName.get(imported);
        if (next) visit(next);
      }
    };
    visit(start);
    return found;
  };
  reach(landing);
  reach(lowerSections);
  return { stylesheets: [...stylesheets].map((file) => base + file) };
}

/** Words with every character that needs escaping, to check the templates rebuild what React renders. */
const SAMPLE_TEXTS = {
  city: 'Adelaide & <Hills>',
  start: 'Wednesday 16 December 2026, 11:30 am ACDT',
  date: 'Wednesday 16 December 2026',
  when: 'Wednesday 16 December 2026, 11:30 am – 2:30 pm ACDT',
  capacity: '50',
  price: '$1,495.50',
  seats: 'Only 3 seats left "now"',
  slug: 'ai-champions-masterclass-2026-12-16',
};

/** @param {{ entry: string, utmKeys?: string[], intentEvents?: readonly string[], landingReached?: string }} options */
export function prerenderLanding({ entry, utmKeys = [], intentEvents = [], landingReached = '' }) {
  let config;
  let renderLanding;
  let heroTokens;
  let heroPhases;
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
      ({ renderLanding, HERO_TOKENS: heroTokens, HERO_PHASES: heroPhases } = await import(pathToFileURL(built).href));
    },
    async generateBundle(_, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') throw new Error('index.html is missing from the build');
      const shell = String(index.source);
      this.emitFile({ type: 'asset', fileName: SHELL_FILE, source: shell });
      const markup = await renderLanding();
      // The hero per phase with placeholders, which the server fills in for `/` (scripts/lib/landing-hero.mjs).
      const pages = {};
      for (const phase of heroPhases) pages[phase] = await renderLanding({ phase, texts: heroTokens });
      const templates = { ...heroTemplates(markup, pages), tokens: heroTokens };
      if (fillHero(markup, templates, 'on_sale', SAMPLE_TEXTS) !== (await renderLanding({ phase: 'on_sale', texts: SAMPLE_TEXTS }))) {
        throw new Error("The landing hero's template filled in does not give what React renders");
      }
      index.source = startScriptsAfterFirstPaint(injectLanding(shell, { markup, ...landingRouteFiles(bundle, config.base) }), { utmKeys, intentEvents, landingReached });
      if (index.source.split(templates.placeholder).length !== 2) throw new Error("index.html should hold the landing hero's loading panel once");
      this.emitFile({ type: 'asset', fileName: LANDING_HERO_FILE, source: `${JSON.stringify(templates)}\n` });
    },
    closeBundle() {
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    },
  };
}
