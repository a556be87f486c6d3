// The small badge that keeps local-first honest: online and synced, offline,
// changes waiting or refused, or a sign-in link when the session expired.
import { Badge } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSyncStatus } from '@/sync';
import { syncStatusLabel } from '@/sync/syncStatusLabel';

/** "synced N min ago" is refreshed this often. */
const REFRESH_MS = 60_000;

const toneColor = { ok: 'teal', busy: 'blue', offline: 'gray', attention: 'red' } as const;

export function SyncStatusIndicator() {
  const status = useSyncStatus();
  const pathname = useLocation({ select: (location) => location.pathname });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  // A sync newer than `now` reads as "just now" until the next refresh.
  const label = syncStatusLabel(status, now);
  const badge = { color: toneColor[label.tone], variant: 'light', radius: 'sm', tt: 'none' } as const;
  if (label.signIn) {
    return (
      <Badge
        {...badge}
        renderRoot={(props) => <Link to="/auth" search={{ redirect: pathname }} {...props} />}
        style={{ cursor: 'pointer' }}
        data-testid="sync-status"
      >
        {label.text}
      </Badge>
    );
  }
  return (
    <Badge {...badge} role="status" data-testid="sync-status">
      {label.text}
    </Badge>
  );
}
