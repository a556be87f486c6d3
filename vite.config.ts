import { defineConfig } from 'vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const backend = process.env.VITE_BACKEND_URL ?? 'http://127.0.0.1:8090';

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
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
