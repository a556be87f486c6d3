import { createFileRoute } from '@tanstack/react-router';
import { AdminEventPage } from '@/features/admin/event/AdminEventPage';

// Event & Promo Codes: the event's facts and sales state, and its promo codes.
// The page (with the date pickers) is split out of the landing's chunks by the
// router plugin's automatic code splitting.
export const Route = createFileRoute('/admin/event')({
  component: AdminEventPage,
});
