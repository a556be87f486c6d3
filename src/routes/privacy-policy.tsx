import { createFileRoute } from '@tanstack/react-router';
import { PublicPageLayout } from '@/features/public-pages/PublicPageLayout';
import { PrivacyPolicyPage } from '@/features/public-pages/legal/PrivacyPolicyPage';

export const Route = createFileRoute('/privacy-policy')({
  component: PrivacyPolicyRoute,
});

function PrivacyPolicyRoute() {
  return (
    <PublicPageLayout>
      <PrivacyPolicyPage />
    </PublicPageLayout>
  );
}
