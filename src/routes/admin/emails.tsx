import { createFileRoute } from '@tanstack/react-router';
import { EmailsAdminPage } from '@/features/admin/emails/EmailsAdminPage';

// The email outbox: status, attempts, errors, the rendered message, Retry.
export const Route = createFileRoute('/admin/emails')({
  component: EmailsAdminPage,
});
