import { createFileRoute } from '@tanstack/react-router';
import { PortalLayout } from '@/features/portal/PortalLayout';
import { requireSignedIn } from '@/features/portal/portalUser';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: ({ location }) => requireSignedIn(location.href),
  component: PortalLayout,
});
