// Vite plugin: the theme's CSS variables and Mantine's global classes as a
// stylesheet (`import 'virtual:mantine-theme.css'`), built from the theme at build
// time. MantineProvider would otherwise render them as `<style>` elements inside
// the page's body (`withCssVariables` and `withGlobalClasses`, switched off in
// src/app/App.tsx), which is not valid HTML there and would need inline styles
// allowed. The CSS is exactly what MantineProvider renders: the provider is
// rendered here once, with nothing inside, and its style elements are read back.

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
