// Vite plugin: the theme's CSS variables and Mantine's global classes as a
// stylesheet (`import 'virtual:mantine-theme.css'`), built from the theme at build
// time. MantineProvider would otherwise render them as `<style>` elements inside
// the page's body (`withCssVariables` and `withGlobalClasses`, switched off in
// src/app/App.tsx), which is not valid HTML there and would need inline styles
// allowed. The CSS is exactly what MantineProvider renders: the provider is
// rendered here once, with nothing inside, and its style elements are read back.

import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const MANTINE_THEME_CSS = 'virtual:mantine-theme.css';
const RESOLVED = `\0${MANTINE_THEME_CSS}`;

/** The CSS MantineProvider puts in its `<style>` elements for this theme (variables, then global classes). */
export async function mantineThemeCss({ theme, cssVariablesResolver }) {
  const [{ createElement }, { renderToStaticMarkup }, { MantineProvider }] = await Promise.all([
    import('react'),
    import('react-dom/server'),
    import('@mantine/core'),
  ]);
  const markup = renderToStaticMarkup(createElement(MantineProvider, { theme, cssVariablesResolver }));
  const blocks = [...markup.matchAll(/<style data-mantine-styles="[^"]*">([\s\S]*?)<\/style>/g)].map((match) => match[1]);
  if (blocks.length !== 2) throw new Error(`MantineProvider rendered ${blocks.length} style elements, expected its variables and its classes`);
  return `${blocks.join('\n')}\n`;
}

/** @param {{ theme: object, cssVariablesResolver?: Function }} options */
export function mantineStaticStyles(options) {
  return {
    name: 'masterclass:mantine-static-styles',
    resolveId: (id) => (id === MANTINE_THEME_CSS ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? mantineThemeCss(options) : undefined),
  };
}

// Every Mantine component's styles that the landing page's first paint does not carry
// (`import 'virtual:mantine-later.css'`, src/app/fullStyles.ts): the per-component files
// not @imported by src/app/firstPaint.css, in the order Mantine's own bundle
// (styles.layer.css) has them. Loading all of Mantine's styles a second time added rules
// for the classes already on the page, so the browser restyled and laid out the whole
// landing page again; these rules only name classes the page does not have yet.
export const MANTINE_LATER_CSS = 'virtual:mantine-later.css';
const LATER_RESOLVED = `\0${MANTINE_LATER_CSS}`;
const STYLE_IMPORT = /@import '@mantine\/core\/styles\/([^']+\.layer\.css)';/g;

/** The @import lines for the component styles `firstPaintCss` leaves out. */
export function mantineLaterCss(firstPaintCss) {
  const require = createRequire(import.meta.url);
  const bundleFile = require.resolve('@mantine/core/styles.layer.css');
  const stylesDir = path.join(path.dirname(bundleFile), 'styles');
  const bundle = readFileSync(bundleFile, 'utf8');
  const files = readdirSync(stylesDir).filter((file) => file.endsWith('.layer.css'));
  const early = new Set([...firstPaintCss.matchAll(STYLE_IMPORT)].map((match) => match[1]));
  if (early.size === 0) throw new Error('firstPaint.css @imports no Mantine styles: the later styles would repeat everything');
  for (const file of early) if (!files.includes(file)) throw new Error(`firstPaint.css imports ${file}, which @mantine/core does not have`);
  // Where each file's first class first appears in the bundle gives the bundle's order;
  // a file whose classes the bundle lacks was never loaded before and is left out.
  const positioned = files
    .filter((file) => !early.has(file))
    .map((file) => {
      const firstClass = /\.(m_[0-9a-f]+)/.exec(readFileSync(path.join(stylesDir, file), 'utf8'))?.[1];
      const at = firstClass ? bundle.search(new RegExp(`\\.${firstClass}(?![0-9a-z_])`)) : -1;
      return { file, at };
    })
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at);
  if (positioned.length < 20) throw new Error(`Only ${positioned.length} Mantine style files were found after the first paint's`);
  return `${positioned.map(({ file }) => `@import '@mantine/core/styles/${file}';`).join('\n')}\n`;
}

/** @param {{ firstPaintFile: string }} options */
export function mantineLaterStyles({ firstPaintFile }) {
  return {
    name: 'masterclass:mantine-later-styles',
    resolveId: (id) => (id === MANTINE_LATER_CSS ? LATER_RESOLVED : undefined),
    load(id) {
      if (id !== LATER_RESOLVED) return undefined;
      this.addWatchFile(firstPaintFile);
      return mantineLaterCss(readFileSync(firstPaintFile, 'utf8'));
    },
  };
}
