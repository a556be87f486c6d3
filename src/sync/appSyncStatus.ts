// The status of the app's running engine (what useSyncStatus shows).
import { createSyncStatusStore } from './syncStatusStore';

export const appSyncStatus = createSyncStatusStore();
