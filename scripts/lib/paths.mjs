// One source for the project's paths and the server's defaults.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const binDir = path.join(root, '.bin');
export const pocketbaseBin = path.join(binDir, 'pocketbase');
export const serverSourceDir = path.join(root, 'pocketbase');
export const distDir = path.join(root, 'dist');
export const hooksDir = path.join(root, 'pb_hooks');
export const migrationsDir = path.join(root, 'pb_migrations');
export const defaultHttpAddr = '127.0.0.1:8090';
export const defaultDataDir = path.join(root, 'pb_data');
