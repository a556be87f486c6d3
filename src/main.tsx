import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { RouterProvider } from '@tanstack/react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { theme } from '@/lib/theme';
import { router } from '@/router';
import { captureUtmParams } from '@/lib/utm';

captureUtmParams(window.location.search);

// Service worker registration and its notices load after the first render, off the landing's critical path.
const PwaPrompt = lazy(() => import('@/pwa/PwaPrompt'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <Notifications position="top-right" />
      <Suspense fallback={null}>
        <PwaPrompt />
      </Suspense>
      <RouterProvider router={router} />
    </MantineProvider>
  </StrictMode>,
);
