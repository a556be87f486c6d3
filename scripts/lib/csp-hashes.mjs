// Vite plugin: writes csp-hashes.json, the SHA-256 sources of every inline
// script in the built HTML pages (today the landing page's loader, written by
// scripts/lib/prerender-landing.mjs), so the server can allow exactly those
// scripts in its Content-Security-Policy (pocketbase/headers.go) and no other
// inline script runs. Computed from the final HTML, after every other plugin
// has written it, so the hashes always match the bytes served.
import { createHash } from 'node:crypto';

export const CSP_HASHES_FILE = 'csp-hashes.json';

// Types whose content the browser runs as script (and CSP checks); data blocks
// such as application/json or application/ld+json are not scripts.
const SCRIPT_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

function attribute(attributes, name) {
  const match = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?(?=\\s|$)`, 'i').exec(attributes);
  if (!match) return null;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

/** The CSP hash sources ('sha256-…') of the inline scripts the browser would run in an HTML page. */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const [, attributes, content] of html.matchAll(INLINE_SCRIPT)) {
    if (attribute(attributes, 'src') !== null) continue;
    const type = (attribute(attributes, 'type') ?? '').trim().toLowerCase();
    if (!SCRIPT_TYPES.has(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The hashes of every page's inline scripts, each once, in a stable order. */
export function cspHashesFor(pages) {
  return [...new Set(pages.flatMap((html) => inlineScriptHashes(html)))].sort();
}

export function cspHashes() {
  return {
    name: 'masterclass:csp-hashes',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle: {
      // After every other plugin's generateBundle (the landing prerender writes index.html there).
      order: 'post',
      handler(_, bundle) {
        const pages = Object.values(bundle)
          .filter((item) => item.type === 'asset' && item.fileName.endsWith('.html'))
          .map((item) => String(item.source));
        this.emitFile({ type: 'asset', fileName: CSP_HASHES_FILE, source: `${JSON.stringify(cspHashesFor(pages), null, 2)}\n` });
      },
    },
  };
}
