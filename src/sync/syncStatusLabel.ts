// What the status indicator says, most urgent first: a paused sync needs the
// user, a full device and refused changes need attention, then offline, a
// server that does not answer, waiting changes, last synced. And what the
// popover says of the device's copy: up to date as of the last complete pass.
import { formatClockTime, formatDateTime, formatWeekdayDate } from '@/lib/eventWhen';
import type { SyncStatus } from './syncStatusStore';

export interface SyncStatusLabel {
  text: string;
  tone: 'ok' | 'busy' | 'offline' | 'attention';
}

function changes(count: number): string {
  return count === 1 ? '1 change' : `${count} changes`;
}

/** "2 min ago", "3 hours ago": how long since `iso`. */
export function timeAgo(nowMs: number, iso: string): string {
  const minutes = Math.floor((nowMs - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

export function syncStatusLabel(status: SyncStatus, nowMs: number): SyncStatusLabel {
  if (status.paused === 'signin') return { text: 'Sign in again to sync', tone: 'attention' };
  if (status.storageFull) return { text: 'Device storage full', tone: 'attention' };
  if (status.failed > 0) return { text: `${changes(status.failed)} not saved`, tone: 'attention' };
  const waiting = status.pending > 0 ? ` · ${changes(status.pending)} waiting` : '';
  if (!status.online) return { text: `Offline${waiting}`, tone: 'offline' };
  if (status.unreachable) return { text: `Server not answering${waiting}`, tone: 'offline' };
  if (status.pending > 0) return { text: `${changes(status.pending)} waiting`, tone: 'busy' };
  if (!status.lastSyncedAt) return { text: status.syncing ? 'Syncing…' : 'Online', tone: 'busy' };
  return { text: `Online · synced ${timeAgo(nowMs, status.lastSyncedAt)}`, tone: 'ok' };
}

/** The device's own time zone: the checkpoint is said in the attendee's time. */
const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * How current this device's copy is: 'Up to date as of 11:30 am (5 min ago).'
 * (the time of the last complete push and pull; the day and time, 'Monday 16 June
 * 2025, 11:30 am', when it was not today), or 'Not synced on this device yet.' With changes still to send or
 * refused, the device holds more than the server had then: 'Last complete
 * sync at …'. Said again as `nowMs` moves on.
 */
export function syncCheckpoint(status: SyncStatus, nowMs: number, timeZone = deviceTimeZone()): string {
  if (!status.lastSyncedAt) return 'Not synced on this device yet.';
  const at = new Date(status.lastSyncedAt);
  if (Number.isNaN(at.getTime())) return 'Not synced on this device yet.';
  const day = formatWeekdayDate(at, timeZone);
  const when = day === formatWeekdayDate(new Date(nowMs), timeZone) ? formatClockTime(at, timeZone) : formatDateTime(at, timeZone);
  const ago = timeAgo(nowMs, status.lastSyncedAt);
  return status.pending > 0 || status.failed > 0 ? `Last complete sync at ${when} (${ago}).` : `Up to date as of ${when} (${ago}).`;
}
