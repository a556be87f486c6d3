import { describe, expect, it } from 'vitest';
import { syncCheckpoint, syncStatusLabel } from './syncStatusLabel';
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

describe('syncCheckpoint: how current this device\'s copy is, in the popover', () => {
  // 2:00 am UTC on Wednesday 18 June 2025 is 11:30 am in Adelaide.
  const zone = 'Australia/Adelaide';
  it.each([
    [{ lastSyncedAt: null }, 'Not synced on this device yet.'],
    [{ lastSyncedAt: null, online: false }, 'Not synced on this device yet.'],
    [{ lastSyncedAt: '2025-06-18T01:59:40.000Z' }, 'Up to date as of 11:29 am (just now).'],
    [{ lastSyncedAt: '2025-06-18T01:58:00.000Z', online: false }, 'Up to date as of 11:28 am (2 min ago).'],
    [{ lastSyncedAt: '2025-06-17T23:00:00.000Z', unreachable: true }, 'Up to date as of 8:30 am (3 hours ago).'],
    [{ lastSyncedAt: '2025-06-16T02:00:00.000Z' }, 'Up to date as of Monday 16 June 2025, 11:30 am (2 days ago).'],
    // Changes still to send or refused: the server's side was current then, the device has more.
    [{ lastSyncedAt: '2025-06-18T01:58:00.000Z', pending: 2 }, 'Last complete sync at 11:28 am (2 min ago).'],
    [{ lastSyncedAt: '2025-06-18T01:58:00.000Z', failed: 1 }, 'Last complete sync at 11:28 am (2 min ago).'],
  ])('%j → %s', (change, text) => {
    expect(syncCheckpoint(status(change), now, zone)).toBe(text);
  });

  it('ages as time passes', () => {
    const synced = status({ lastSyncedAt: '2025-06-18T02:00:00.000Z' });
    expect(syncCheckpoint(synced, now, zone)).toBe('Up to date as of 11:30 am (just now).');
    expect(syncCheckpoint(synced, now + 5 * 60_000, zone)).toBe('Up to date as of 11:30 am (5 min ago).');
    expect(syncCheckpoint(synced, now + 26 * 3_600_000, zone)).toBe('Up to date as of Wednesday 18 June 2025, 11:30 am (1 day ago).');
  });
});
