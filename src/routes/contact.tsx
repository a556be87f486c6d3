import { createFileRoute } from '@tanstack/react-router';
import { PublicPageLayout } from '@/features/public-pages/PublicPageLayout';
import { ContactPage } from '@/features/public-pages/contact/ContactPage';

export const Route = createFileRoute('/contact')({
  component: ContactRoute,
});

function ContactRoute() {
  return (
    <PublicPageLayout>
      <ContactPage />
    </PublicPageLayout>
  );
}
