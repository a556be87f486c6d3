import { createFileRoute } from '@tanstack/react-router';
import { DoorPassPage } from '@/features/admin/check-in/DoorPassPage';

// The door for door staff: a door pass's link (/door/<pass id>) and its PIN
// open Door Check-in for that pass's masterclass only.
export const Route = createFileRoute('/door/$pass')({
  component: DoorPassRoute,
});

function DoorPassRoute() {
  const { pass } = Route.useParams();
  return <DoorPassPage passId={pass} />;
}
