import { createFileRoute } from '@tanstack/react-router';
import { PublicPageLayout } from '@/features/public-pages/PublicPageLayout';
import { TermsPage } from '@/features/public-pages/legal/TermsPage';

export const Route = createFileRoute('/terms')({
  component: TermsRoute,
});

function TermsRoute() {
  return (
    <PublicPageLayout>
      <TermsPage />
    </PublicPageLayout>
  );
}
