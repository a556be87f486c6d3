import { describe, expect, it } from 'vitest';
import { syncStatusLabel } from './syncStatusLabel';
import type { SyncStatus } from './syncStatusStore';

const now = Date.parse('2025-06-18T02:00:00.000Z');
const status = (change: Partial<SyncStatus>): SyncStatus => ({
  online: true, pending: 0, failed: 0, paused: null, lastSyncedAt: null, syncing: false, unreachable: false, storageFull: false, ...change,
});

describe('syncStatusLabel', () => {
  it.each([
    [{ lastSyncedAt: '2025-06-18T01:58:00.000Z' }, 'Online · synced 2 min ago'],
    [{ lastSyncedAt: '2025-06-18T01:59:40.000Z' }, 'Online · synced just now'],
    [{ lastSyncedAt: '2025-06-17T23:00:00.000Z' }, 'Online · synced 3 hours ago'],
    [{ online: false }, 'Offline'],
    [{ online: false, pending: 1 }, 'Offline · 1 change waiting'],
    [{ pending: 3 }, '3 changes waiting'],
    [{ failed: 2, pending: 1 }, '2 changes not saved'],
    [{ paused: 'signin' as const, online: false }, 'Sign in again to sync'],
    [{ syncing: true }, 'Syncing…'],
    // Online by the device's account, but the last pass got no usable answer.
    [{ unreachable: true, lastSyncedAt: '2025-06-18T01:00:00.000Z' }, 'Server not answering'],
    [{ unreachable: true, pending: 2 }, 'Server not answering · 2 changes waiting'],
    [{ unreachable: true, online: false, pending: 1 }, 'Offline · 1 change waiting'],
    // A local write refused for want of space outranks everything but a lost session.
    [{ storageFull: true, failed: 1, online: false }, 'Device storage full'],
    [{ storageFull: true, paused: 'signin' as const }, 'Sign in again to sync'],
  ])('%j → %s', (change, text) => {
    expect(syncStatusLabel(status(change), now).text).toBe(text);
  });
});
