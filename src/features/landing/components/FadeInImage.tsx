import { useEffect, useRef, useState, useSyncExternalStore, type ComponentPropsWithoutRef } from 'react';

/** Spec section 9: the landing image fades in over 500 ms once it has loaded. */
export const IMAGE_FADE_MS = 500;

const noSubscription = () => () => {};

/**
 * True while rendering at build time (the prerendered landing page) and while the
 * browser hydrates that markup: React reads the server value in both, so the
 * hydrating render matches the prerendered one attribute for attribute.
 */
function useServerPass(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

/**
 * The same image prerendered into the page and already shown there (its CSS fade
 * needs no script): the app, rendering afresh over that page, shows it at once
 * instead of hiding it and fading it in a second time.
 */
function shownInPrerenderedPage(src: string | undefined): boolean {
  if (!src) return false;
  const prerendered = [...document.querySelectorAll<HTMLImageElement>('img[data-prerendered]')].find((img) => img.getAttribute('src') === src);
  return Boolean(prerendered?.complete && prerendered.naturalWidth > 0);
}

/**
 * An image that fades in once loaded. In the prerendered landing page the fade is
 * a CSS animation (`[data-prerendered]`), so the image paints before any script
 * runs, and the app, hydrating that page, keeps the element as it is; rendered by
 * the app alone, the fade is a transition started by its load event.
 */
export function FadeInImage({ style, onLoad, src, ...props }: ComponentPropsWithoutRef<'img'>) {
  const serverPass = useServerPass();
  // Kept for the element's life: a prerendered image stays the prerendered one after hydration.
  const [prerendered] = useState(serverPass);
  const [loaded, setLoaded] = useState(() => !serverPass && shownInPrerenderedPage(src));
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // A prerendered image may have loaded before the app hydrated it (its load event came first).
    const element = image.current;
    if (element?.complete && element.naturalWidth > 0) setLoaded(true);
  }, []);
  return (
    <img
      {...props}
      ref={image}
      src={src}
      // The prerendered page's loader finds the art by this attribute and starts the app's scripts once the
      // browser reports its paint (scripts/lib/prerender-landing.mjs).
      data-prerendered={prerendered || undefined}
      data-loaded={loaded || undefined}
      style={{ ...style, transitionDuration: `${IMAGE_FADE_MS}ms` }}
      onLoad={(event) => {
        setLoaded(true);
        onLoad?.(event);
      }}
    />
  );
}
