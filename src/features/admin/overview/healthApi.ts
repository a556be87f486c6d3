// System health (GET /api/masterclass/admin/health, pb_hooks/lib/admin/health.js):
// the outbox, refunds, seat offers, background jobs and backups in one answer.
// Dates are PocketBase's stored form ('2026-11-27 01:02:03.000Z'), '' when none.
import { pb } from '@/lib/pocketbase';

export interface HealthJob {
  id: string;
  label: string;
  /** cron expression ('' for a job that recorded runs but is no longer scheduled) */
  schedule: string;
  runs: number;
  failures: number;
  lastStartedAt: string;
  lastFinishedAt: string;
  lastOkAt: string;
  lastFailedAt: string;
  lastError: string;
  /** when a failed run is tried again, in words */
  retry: string;
  /** its latest run failed */
  failing: boolean;
}

export interface BackupRun {
  name: string;
  kind: 'scheduled' | 'pre_migration' | 'manual';
  ok: boolean;
  sizeBytes: number;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  storage: 's3' | 'local';
  error: string;
  retry: string;
}

export interface SystemHealth {
  emails: { smtp: boolean; production: boolean; waiting: number; retrying: number; oldestWaitingAt: string; failed: number; lastFailedAt: string; lastError: string; failedDays: number };
  refunds: { waiting: number; oldestWaitingAt: string; failed: number; lastFailedAt: string; lastError: string; failedDays: number };
  offers: { open: number; nextExpiresAt: string };
  jobs: HealthJob[];
  backups: {
    schedule: string;
    keep: number;
    storage: 'local' | 's3';
    inProgress: boolean;
    count: number;
    latest: { key: string; size: number; modifiedAt: string } | null;
    /** why the backups storage could not be read ('' when it could) */
    error: string;
    /** the last backup run, good one and failed one as the server recorded them (null when none) */
    lastRun: BackupRun | null;
    lastOkRun: BackupRun | null;
    lastFailedRun: BackupRun | null;
  };
  alerts: { kind: 'refund_failed' | 'mail_failing' | 'backup_failed' | 'replication_failed'; lastSentAt: string }[];
  /**
   * API requests now: how many may run at once, how many run besides the one
   * reading this, how many wait for their turn, and how many were answered
   * "very busy" after waiting too long since the server started (`since`).
   */
  requests: { limit: number; running: number; waiting: number; turnedAway: number; since: string };
  generatedAt: string;
}

export function fetchHealth(signal?: AbortSignal): Promise<SystemHealth> {
  return pb.send<SystemHealth>('/api/masterclass/admin/health', { method: 'GET', signal, requestKey: null });
}
