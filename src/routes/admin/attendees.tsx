import { createFileRoute } from '@tanstack/react-router';
import { AttendeesAdminPage } from '@/features/admin/attendees/AttendeesAdminPage';

// Manage Attendees. The page and the table library load only when it opens
// (the router plugin splits route components into their own chunks).
export const Route = createFileRoute('/admin/attendees')({
  component: AttendeesAdminPage,
});
