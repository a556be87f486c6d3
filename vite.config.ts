import { defineConfig } from 'vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { VitePWA } from 'vite-plugin-pwa';
import { cssVariablesResolver, theme } from './src/lib/theme';
import { INTENT_EVENTS, LANDING_REACHED } from './src/app/landingIntent';
import { UTM_KEYS } from './src/lib/utm';
import { bundleReport } from './scripts/lib/bundle-report.mjs';
import { appRoutes } from './scripts/lib/app-routes.mjs';
import { siteUrlInHtml } from './scripts/lib/site-url.mjs';
import { prerenderLanding, SHELL_FILE } from './scripts/lib/prerender-landing.mjs';
import { cspHashes } from './scripts/lib/csp-hashes.mjs';
import { mantineLaterStyles, mantineStaticStyles } from './scripts/lib/mantine-static-styles.mjs';

const backend = process.env.VITE_BACKEND_URL ?? 'http://127.0.0.1:8090';
const navy = theme.colors?.navy?.[9] ?? '#1c2a5e';

// Installable, offline after one visit: the service worker precaches the shell and
// every chunk and asset of the build; PocketBase files (speaker images, session
// materials) are cached as they are fetched; API JSON and the realtime stream never
// are (IndexedDB is the offline source). `/` is never stored: the server fills it in
// with the masterclass's phase and seats left at each visit (pocketbase/landing.go),
// and a stored copy would show them offline, days later, as if they were current. So
// `/` always comes from the network, and offline opens the shell, whose landing page
// shows what the device kept (with the seats left to be checked online) or says the
// details need a connection. Registered by src/pwa/ ('prompt': an update waits for
// the user's Reload).
// A new instance per build: the prerender's SSR build needs its virtual modules too.
const pwa = () => VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  // The icons are in the glob below already; the plugin adds the manifest itself.
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'AI Champions Masterclass',
    short_name: 'AI Champions',
    description: 'AI Champions Masterclass — the event, your registration and the attendee portal, on your phone and offline.',
    lang: 'en-AU',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: navy,
    background_color: navy,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    // iOS reads its launch screens when the app is added to the Home Screen, not offline.
    // index.html is `/` as built; what `/` serves is the server's, filled in per visit (see above).
    globIgnores: ['splash/**', 'social/**', 'index.html'],
    // No chunk may be left out of the precache for its size (the largest today is well under 1 MB).
    maximumFileSizeToCacheInBytes: 10 * 1024 * 1024,
    // Every route but `/` opens the plain shell; `/` is the landing route below.
    navigateFallback: `/${SHELL_FILE}`,
    navigateFallbackDenylist: [/^\/api\//, /^\/_\//, /^\/(?:\?|$)/],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // `/` from the server, never stored; with no answer (offline) the shell.
        urlPattern: ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && url.pathname === '/',
        handler: 'NetworkOnly',
        options: {
          plugins: [
            {
              // Inlined into the service worker, so it must stand alone: the precached shell (its key carries a revision).
              handlerDidError: async () => (await caches.match('/shell.html', { ignoreSearch: true })) ?? Response.error(),
            },
          ],
        },
      },
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/files/'),
        handler: 'CacheFirst',
        options: {
          // The portal stores session materials here itself once it unlocks (src/features/portal/home/offlineMaterials.ts).
          cacheName: 'pocketbase-files',
          expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [0, 200] },
          plugins: [
            {
              // Protected files carry a short-lived ?token=: one file, one entry, whichever token fetched it.
              // Inlined into the service worker, so it must stand alone.
              cacheKeyWillBeUsed: async ({ request }) => {
                const url = new URL(request.url);
                url.searchParams.delete('token');
                return url.href;
              },
            },
          ],
        },
      },
    ],
  },
});

// The landing page's first load carries React, the router, the Mantine core and the
// components the landing uses, each in a long-cached chunk. Every other Mantine
// component, floating-ui, the scroll lock and transitions sit in one shared chunk
// that only other routes (and the landing's dialogs) load; what only the admin area
// or a tool uses stays in that route's chunks.
const landingMantineComponents = [
  'Box', 'UnstyledButton', 'Loader', 'Button', 'Text', 'Title', 'Anchor', 'Container', 'Group', 'Stack',
  'SimpleGrid', 'Paper', 'Card', 'Skeleton', 'ThemeIcon', 'Avatar',
].join('|');
// The icons the landing page shows, one chunk instead of one each: every chunk's name
// is written into the preload map of each route that needs it, and ten names cost the
// landing's first load more than the icons they name.
const landingIcons = ['IconWifiOff', 'IconAlertTriangle', 'IconCalendarCheck', 'IconBriefcase', 'IconLayoutDashboard', 'IconShieldLock', 'IconLogin', 'IconSparkles', 'IconArrowRight', 'IconClock'].join('|');
const chunkGroups = [
  { name: 'landing-icons', test: new RegExp(`node_modules[\\\\/]@tabler[\\\\/]icons-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/](${landingIcons})\\.mjs$`), priority: 0 },
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 4 },
  { name: 'router', test: /node_modules[\\/](@tanstack[\\/](react-router|router-core|history|store|react-store)|use-sync-external-store)[\\/]/, priority: 3 },
  {
    name: 'mantine-core',
    // @mantine/hooks is left to the default chunking: grouped here, every hook any route
    // uses (sliders' use-move, the pager's use-pagination, focus traps) came with the landing.
    test: new RegExp(`node_modules[\\\\/](@mantine[\\\\/]core[\\\\/]esm[\\\\/](core|utils|components[\\\\/](${landingMantineComponents}))[\\\\/]|@mantine[\\\\/]store[\\\\/]|clsx[\\\\/])`),
    priority: 2,
  },
  { name: 'mantine', test: /node_modules[\\/](@mantine[\\/]core|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|react-transition-group|react-textarea-autosize|use-composed-ref|use-latest|use-isomorphic-layout-effect|tslib|get-nonce|detect-node-es)[\\/]/, minShareCount: 2, priority: 1 },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    siteUrlInHtml(),
    mantineStaticStyles({ theme, cssVariablesResolver }),
    mantineLaterStyles({ firstPaintFile: fileURLToPath(new URL('./src/app/firstPaint.css', import.meta.url)) }),
    ...(isSsrBuild ? [] : [prerenderLanding({ entry: 'src/prerender.tsx', utmKeys: [...UTM_KEYS], intentEvents: INTENT_EVENTS, landingReached: LANDING_REACHED }), appRoutes(), cspHashes()]),
    pwa(),
    bundleReport(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: '@shared', replacement: fileURLToPath(new URL('./pb_hooks/shared', import.meta.url)) },
      // jsPDF's optional html() and SVG helpers, never used by the business case PDF (src/lib/stubs/jspdfOptional.ts).
      ...['html2canvas', 'canvg', 'dompurify'].map((name) => ({ find: new RegExp(`^${name}$`), replacement: fileURLToPath(new URL('./src/lib/stubs/jspdfOptional.ts', import.meta.url)) })),
      // The prerender renders the tree the browser renders: the router follows its own
      // isServer option (false, see src/router.tsx), not the server build's constant.
      ...(isSsrBuild ? [{ find: /^@tanstack\/router-core\/isServer$/, replacement: fileURLToPath(new URL('./node_modules/@tanstack/router-core/dist/esm/isServer/development.js', import.meta.url)) }] : []),
    ],
  },
  // Bundled into the prerender so the alias above applies to them.
  ssr: { noExternal: [/^@tanstack\//] },
  build: {
    // Loading a lazy chunk inserts a modulepreload link for each module it needs, all in one
    // task. The toasts' host (loaded once the landing page is idle) and the sections below
    // the landing's hero (near the viewport or idle) load when a moment's wait costs nothing,
    // and their links were among the longest tasks a phone saw there: they get their
    // stylesheets that way and their modules as the browser finds them. So does the work
    // the landing page held as sent does once idle (src/app/landingWake.ts): the service
    // worker's helper, the page's background reads and the PocketBase client.
    modulePreload: {
      resolveDependencies: (filename, deps) => (/(^|\/)(DeferredExtras|LowerSections|serviceWorker|landingBackground|pocketbase)-[^/]+\.js$/.test(filename) ? deps.filter((dep) => dep.endsWith('.css')) : deps),
    },
    rollupOptions: {
      output: isSsrBuild ? {} : { codeSplitting: { groups: chunkGroups } },
    },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true, ws: true },
      '/_': { target: backend, changeOrigin: true },
    },
  },
}));
