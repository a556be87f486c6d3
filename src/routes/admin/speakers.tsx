import { createFileRoute } from '@tanstack/react-router';
import { SpeakersAdminPage } from '@/features/admin/speakers/SpeakersAdminPage';

// Each masterclass's speakers: add, edit with a photo, reorder, remove.
export const Route = createFileRoute('/admin/speakers')({
  component: SpeakersAdminPage,
});
