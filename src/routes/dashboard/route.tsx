import { createFileRoute } from '@tanstack/react-router';
import { PortalLayout } from '@/features/portal/PortalLayout';
import { requireSignedIn } from '@/features/portal/portalUser';
import { afterUseCasesStored } from '@/features/use-cases/keptIndex';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: ({ location }) => requireSignedIn(location.href),
  component: DashboardLayout,
});

// The portal syncs the user's data; once the sync stored use cases, the
// library's search index kept on the device is brought in step.
function DashboardLayout() {
  return <PortalLayout afterStored={afterUseCasesStored} />;
}
