import { createFileRoute } from '@tanstack/react-router';
import { TicketPage } from '@/features/portal/ticket/TicketPage';

interface TicketSearch {
  /** The attendee row whose ticket fills the screen for the door. */
  door?: string;
}

// A plain check rather than zod: route search validation ships with every page's first load.
const recordId = (value: unknown) => (typeof value === 'string' && /^[a-z0-9]{1,15}$/.test(value) ? value : undefined);

export const Route = createFileRoute('/dashboard/ticket')({
  validateSearch: (search: Record<string, unknown>): TicketSearch => ({ door: recordId(search.door) }),
  component: TicketRoute,
});

function TicketRoute() {
  const { door } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <TicketPage door={door} onDoor={(attendeeId) => navigate({ search: attendeeId ? { door: attendeeId } : {} })} />;
}
