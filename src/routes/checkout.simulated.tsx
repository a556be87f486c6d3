import { createFileRoute } from '@tanstack/react-router';
import { SimulatedCheckoutPage } from '@/features/checkout/SimulatedCheckoutPage';

interface SimulatedCheckoutSearch {
  session_id?: string;
}

// A plain check keeps zod out of the first page load (see register.tsx).
export const Route = createFileRoute('/checkout/simulated')({
  validateSearch: (search: Record<string, unknown>): SimulatedCheckoutSearch => ({
    session_id: typeof search.session_id === 'string' && search.session_id.length <= 255 ? search.session_id : undefined,
  }),
  component: SimulatedCheckoutRoute,
});

function SimulatedCheckoutRoute() {
  const { session_id } = Route.useSearch();
  return <SimulatedCheckoutPage sessionId={session_id || null} />;
}
