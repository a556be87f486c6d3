// Locked tool routes go back to /dashboard. The route's `beforeLoad` answers at
// once when the event is already on this device; `ToolGate` covers the first
// visit, before the first sync has brought the event, and says the tools need a
// connection when it cannot come.
import type { ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { Navigate, redirect } from '@tanstack/react-router';
import { NeedsConnection } from '@/components/stored-data/NeedsConnection';
import { isPortalUnlocked } from './portalLock';
import { EVENT_NEEDS_CONNECTION, findMasterclass, usePortalLock } from './usePortalLock';

export async function redirectWhenToolsLocked(): Promise<void> {
  const event = await findMasterclass();
  if (event && !isPortalUnlocked(new Date(), event)) throw redirect({ to: '/dashboard' });
}

export function ToolGate({ children }: { children: ReactNode }) {
  const lock = usePortalLock();
  if (lock.status === 'needs-connection') return <NeedsConnection message={EVENT_NEEDS_CONNECTION} state={lock.connection} />;
  if (lock.status === 'loading') {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the event" />
      </Center>
    );
  }
  if (lock.status === 'locked') return <Navigate to="/dashboard" replace />;
  return children;
}
