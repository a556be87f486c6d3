/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />
/// <reference types="vite-plugin-pwa/client" />

/** The theme's CSS variables and Mantine's global classes, built from the theme (scripts/lib/mantine-static-styles.mjs). */
declare module 'virtual:mantine-theme.css';
declare module 'virtual:mantine-later.css';
