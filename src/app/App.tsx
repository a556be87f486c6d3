import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { cssVariablesResolver, theme } from '@/lib/theme';
import { DeferredBoundary } from '@/pwa/DeferredBoundary';
import type { AppRouter } from '@/router';
import { whenIdle } from './deferred';

// Toasts, the service worker registration and its notices: nothing the first paint
// shows, so they load once the page is idle, off the landing's critical path. They bring
// their own styles: every other component's wait until a page needs them (leaving `/`,
// the landing's dialogs), as adding them restyles the whole page, a long task on a phone.
// Their modules run in two tasks, not one: Mantine's components (the toasts' own) first,
// then the notices, the service worker's helper and the device database.
const DeferredExtras = lazy(async () => {
  await import('@/components/notify');
  await new Promise((resolve) => setTimeout(resolve, 0));
  return import('./DeferredExtras');
});

/** The whole app: the same tree is prerendered for `/` at build time and rendered over it in the browser. */
export function App({ router }: { router: AppRouter }) {
  return (
    <StrictMode>
      {/* The theme's variables and Mantine's global classes come from a stylesheet (virtual:mantine-theme.css), not style elements in the body. */}
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} withCssVariables={false} withGlobalClasses={false}>
        <RouterProvider router={router} />
        <AfterFirstRender />
      </MantineProvider>
    </StrictMode>
  );
}

/** Renders nothing in the prerender and the first render, then the deferred extras once the page is idle. */
function AfterFirstRender() {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!idle) return null;
  return (
    <DeferredBoundary>
      <Suspense fallback={null}>
        <DeferredExtras />
      </Suspense>
    </DeferredBoundary>
  );
}
