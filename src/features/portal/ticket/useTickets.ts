// The signed-in user's tickets from the device's database (their attendee rows
// and the events), so the ticket shows with no network.
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db';
import { ticketsOf, type TicketView } from './ticketView';

/** undefined while the database is read. */
export function useTickets(userId: string): TicketView[] | undefined {
  return useLiveQuery(
    async () => {
      const [attendees, events] = await Promise.all([db.attendees.where('user').equals(userId).toArray(), db.events.toArray()]);
      return ticketsOf(attendees, events, new Date());
    },
    [userId],
  );
}
