import { createFileRoute } from '@tanstack/react-router';
import { PublicPageLayout } from '@/features/public-pages/PublicPageLayout';
import { OrderPage } from '@/features/order/OrderPage';
import { ORDER_ID_PATTERN, ORDER_KEY_PATTERN } from '@/lib/order';
import { matching } from '@/lib/searchValue';

interface OrderSearch {
  /** The order link's key (64 hex characters). */
  key?: string;
}

export const Route = createFileRoute('/order/$id')({
  validateSearch: (search: Record<string, unknown>): OrderSearch => ({
    key: matching(search.key, ORDER_KEY_PATTERN),
  }),
  component: OrderRoute,
});

function OrderRoute() {
  const { id } = Route.useParams();
  const { key } = Route.useSearch();
  const link = ORDER_ID_PATTERN.test(id) && key ? { id, key } : null;
  return (
    <PublicPageLayout>
      <OrderPage link={link} />
    </PublicPageLayout>
  );
}
