/** The service worker's runtime cache of PocketBase files (vite.config.ts): speaker images and session materials. */
export const FILES_CACHE = 'pocketbase-files';
