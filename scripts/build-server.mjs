import { ensureServerBinary } from './lib/build-server.mjs';

ensureServerBinary();
