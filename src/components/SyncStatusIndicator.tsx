// The small badge that keeps local-first honest: online and synced, offline,
// the server not answering, changes waiting or refused, a full device, or a
// session to renew. The portal's sync popover opens from it.
import { Badge } from '@mantine/core';
import type { SyncStatus } from '@/sync';
import { syncStatusLabel } from '@/sync/syncStatusLabel';

const toneColor = { ok: 'teal', busy: 'blue', offline: 'gray', attention: 'red' } as const;

export function SyncStatusIndicator({ status, now }: { status: SyncStatus; now: number }) {
  const label = syncStatusLabel(status, now);
  return (
    <Badge component="span" color={toneColor[label.tone]} variant="light" radius="sm" tt="none" style={{ cursor: 'pointer' }} data-testid="sync-status">
      {label.text}
    </Badge>
  );
}
