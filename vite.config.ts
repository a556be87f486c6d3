import { defineConfig } from 'vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { VitePWA } from 'vite-plugin-pwa';
import { theme } from './src/lib/theme';

const backend = process.env.VITE_BACKEND_URL ?? 'http://127.0.0.1:8090';
const navy = theme.colors?.navy?.[9] ?? '#1c2a5e';

// Installable, offline after one visit: the service worker precaches the shell and
// every chunk and asset of the build; PocketBase files (speaker images, session
// materials) are cached as they are fetched; API JSON and the realtime stream never
// are (IndexedDB is the offline source). Registered by src/pwa/ ('prompt': an update
// waits for the user's Reload).
const pwa = VitePWA({
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
    // No chunk may be left out of the precache for its size (the largest today is well under 1 MB).
    maximumFileSizeToCacheInBytes: 10 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/_\//],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/files/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'pocketbase-files',
          expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [0, 200] },
        },
      },
    ],
  },
});

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), pwa],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    rollupOptions: {
      output: {
        // Library code in a few long-cached chunks instead of dozens of tiny shared
        // ones: fewer requests on a patchy venue connection (see bench/results).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|clsx|tslib|get-nonce|detect-node-es)[\\/]/, minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true, ws: true },
      '/_': { target: backend, changeOrigin: true },
    },
  },
});
