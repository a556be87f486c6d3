import { createFileRoute } from '@tanstack/react-router';
import { DashboardHome } from '@/features/portal/home/DashboardHome';
import { CancelRegistrationsCard } from '@/features/cancellation/CancelRegistrationsCard';

export const Route = createFileRoute('/dashboard/')({
  component: DashboardIndex,
});

function DashboardIndex() {
  return (
    <>
      <DashboardHome />
      <CancelRegistrationsCard />
    </>
  );
}
