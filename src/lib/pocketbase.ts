// The one PocketBase client. Same origin in production (PocketBase serves the
// app) and through Vite's proxy in development.
import PocketBase from 'pocketbase';

export const pb = new PocketBase(import.meta.env.VITE_POCKETBASE_URL ?? '/');
pb.autoCancellation(false);
