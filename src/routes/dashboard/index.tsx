import { createFileRoute } from '@tanstack/react-router';
import { DashboardHome } from '@/features/portal/home/DashboardHome';

export const Route = createFileRoute('/dashboard/')({
  component: DashboardHome,
});
