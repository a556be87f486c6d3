import { createFileRoute } from '@tanstack/react-router';
import { MessagesAdminPage } from '@/features/admin/messages/MessagesAdminPage';

// Contact form messages, newest first, read and unread.
export const Route = createFileRoute('/admin/messages')({
  component: MessagesAdminPage,
});
