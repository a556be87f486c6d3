// `npm run dev`: the same backend as `npm start`, plus Vite with hot reload
// proxying /api and /_ to it.
import { spawn } from 'node:child_process';
import { ensureNodeModules } from './lib/install.mjs';
import { startBackend, stopAllOnSignal } from './lib/backend.mjs';
import { root, defaultHttpAddr } from './lib/paths.mjs';

ensureNodeModules();
const server = await startBackend();
const vite = spawn('npx', ['vite', '--host', '127.0.0.1'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, VITE_BACKEND_URL: `http://${process.env.HTTP_ADDR || defaultHttpAddr}` },
});
const viteProcess = {
  child: vite,
  stop: () => new Promise((resolve) => {
    if (vite.exitCode !== null) return resolve();
    vite.once('exit', resolve);
    vite.kill('SIGTERM');
  }),
};
stopAllOnSignal([server, viteProcess]);
