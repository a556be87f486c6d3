import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/components/ComingSoonPage';

// Covers /admin and every sub-path until the feature's own routes arrive.
export const Route = createFileRoute('/admin')({
  component: AdminAreaPage,
});

function AdminAreaPage() {
  return <ComingSoonPage title="Admin Area" comingWith="the admin issue" />;
}
