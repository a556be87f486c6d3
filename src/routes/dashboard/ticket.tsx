import { createFileRoute } from '@tanstack/react-router';
import { TicketPage } from '@/features/portal/ticket/TicketPage';
import { recordId } from '@/lib/searchValue';

interface TicketSearch {
  /** The attendee row whose ticket fills the screen for the door. */
  door?: string;
}

export const Route = createFileRoute('/dashboard/ticket')({
  validateSearch: (search: Record<string, unknown>): TicketSearch => ({ door: recordId(search.door) }),
  component: TicketRoute,
});

function TicketRoute() {
  const { door } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <TicketPage door={door} onDoor={(attendeeId) => navigate({ search: attendeeId ? { door: attendeeId } : {} })} />;
}
