// Loaded after the first render: the notice host (the service worker is registered by
// src/pwa/serviceWorker.ts, started from src/main.tsx, whose notices show here).
import { Notifications } from '@mantine/notifications';
// A notice's own styles: the landing page does not load every component's (src/app/fullStyles.ts).
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import classes from './Notices.module.css';

export default function DeferredExtras() {
  return (
    /* At the bottom, away from the header; notify() moves one to the top when the control just used is down there. At most three at once. */
    <Notifications position="bottom-right" limit={3} className={classes.notices} />
  );
}
