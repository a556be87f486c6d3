// Loaded after the first render: the toast host and the service worker prompt.
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.layer.css';
import PwaPrompt from '@/pwa/PwaPrompt';

export default function DeferredExtras() {
  return (
    <>
      <Notifications position="top-right" />
      <PwaPrompt />
    </>
  );
}
