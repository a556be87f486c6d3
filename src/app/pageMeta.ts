// Page titles and descriptions: the types, the not-found page's, and writing
// them into the document. The table of every route's lives in ./pageMetaTable,
// loaded after the first render (the prerendered landing page has its own).
export const SITE_NAME = 'AI Champions Masterclass';

export interface PageMeta {
  title: string;
  description: string;
  /** The page's one address for search engines (absolute), when it has one: a masterclass's page. */
  canonical?: string;
}

export const page = (name: string, description: string): PageMeta => ({ title: `${name} | ${SITE_NAME}`, description });

export const NOT_FOUND_META: PageMeta = page('Page Not Found', 'This page does not exist. Return to the AI Champions Masterclass home page.');

/** Writes a page's title, description and canonical link (removed when it has none) into the document. */
export function applyPageMeta(meta: PageMeta, doc: Document = document) {
  doc.title = meta.title;
  let description = doc.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!description) {
    description = doc.createElement('meta');
    description.name = 'description';
    doc.head.appendChild(description);
  }
  description.content = meta.description;
  let canonical = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!meta.canonical) return canonical?.remove();
  if (!canonical) {
    canonical = doc.createElement('link');
    canonical.rel = 'canonical';
    doc.head.appendChild(canonical);
  }
  canonical.href = meta.canonical;
}

let held = 0;
let wanted: PageMeta | null = null;

/** Shows the route's title and description, unless a page holds its own (then once it lets go). */
export function showPageMeta(meta: PageMeta) {
  wanted = meta;
  if (held === 0) applyPageMeta(meta);
}

/**
 * Applies a page's own title while it is shown (the not-found page, which any path
 * can show), so the route table, loaded later, does not write over it. The release
 * shows the route's title that was asked for meanwhile (the page navigated to).
 */
export function holdPageMeta(meta: PageMeta): () => void {
  held += 1;
  applyPageMeta(meta);
  return () => {
    held -= 1;
    if (held === 0 && wanted) applyPageMeta(wanted);
  };
}
