// The landing hero's templates (landing-hero.json in the build): the build renders
// the landing page once with the hero loading (index.html) and once per phase with
// placeholders for the masterclass's words; the part that differs is the hero's
// panel. The server (pocketbase/landing.go) swaps the loading panel in index.html
// for the phase's template with the placeholders filled in (HTML-escaped), so the
// page it sends for `/` is the one React renders with that masterclass, and the app
// hydrates it without a mismatch.

export const LANDING_HERO_FILE = 'landing-hero.json';

/** Escapes text as React does in text content. */
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[char]);
}

function commonPrefix(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return i;
}

function commonSuffix(a, b, limit) {
  let i = 0;
  while (i < limit && a[a.length - 1 - i] === b[b.length - 1 - i]) i += 1;
  return i;
}

/**
 * The loading panel (`placeholder`, found once in `base`) and each variant's panel.
 * @param {string} base the page with the hero loading
 * @param {Record<string, string>} pages the page per phase, with placeholders
 */
export function heroTemplates(base, pages) {
  let start = base.length;
  let end = 0;
  for (const page of Object.values(pages)) {
    const prefix = commonPrefix(base, page);
    const suffix = commonSuffix(base, page, Math.min(base.length, page.length) - prefix);
    start = Math.min(start, prefix);
    end = Math.max(end, base.length - suffix);
  }
  if (end <= start) throw new Error('The landing hero renders the same in every phase: nothing to fill in');
  // Whole elements: from the tag the difference starts in to the end of the tag it ends in.
  start = base.lastIndexOf('<', start);
  end = base.indexOf('>', end - 1) + 1;
  // Wide enough to be found once in the page.
  while (base.indexOf(base.slice(start, end)) !== base.lastIndexOf(base.slice(start, end))) start = base.lastIndexOf('<', start - 1);
  const after = base.length - end;
  const variants = Object.fromEntries(Object.entries(pages).map(([name, page]) => [name, page.slice(start, page.length - after)]));
  for (const [name, page] of Object.entries(pages)) {
    if (base.slice(0, start) + variants[name] + base.slice(end) !== page) throw new Error(`The landing hero's ${name} template does not rebuild its page`);
  }
  return { placeholder: base.slice(start, end), variants };
}

/** The page `base` with the hero of `phase` and its words (what pocketbase/landing.go does). */
export function fillHero(base, { placeholder, variants, tokens }, phase, texts) {
  let panel = variants[phase];
  for (const [name, token] of Object.entries(tokens)) panel = panel.split(token).join(escapeHtml(texts[name] ?? ''));
  return base.replace(placeholder, () => panel);
}
