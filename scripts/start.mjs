// `npm start`: install what is missing, build the server and the app, migrate,
// create the development accounts once (development mode only: APP_ENV, see
// scripts/lib/backend.mjs), and serve everything on one address.
import { buildApp, ensureNodeModules } from './lib/install.mjs';
import { startBackend, stopAllOnSignal } from './lib/backend.mjs';

ensureNodeModules();
buildApp();
const server = await startBackend();
stopAllOnSignal([server]);
