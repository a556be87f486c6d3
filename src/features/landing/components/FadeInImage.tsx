import { useState, type ComponentPropsWithoutRef } from 'react';

/** Spec section 9: the landing image fades in over 500 ms once it has loaded. */
export const IMAGE_FADE_MS = 500;

/** Rendering at build time (the prerendered landing page): no scripts will run for the fade. */
const PRERENDERING = typeof window === 'undefined';

/**
 * The same image prerendered into the page and already shown there (its CSS fade
 * needs no script): the app, rendering over that page, shows it at once instead
 * of hiding it and fading it in a second time.
 */
function shownInPrerenderedPage(src: string | undefined): boolean {
  if (PRERENDERING || !src) return false;
  const prerendered = [...document.querySelectorAll<HTMLImageElement>('img[data-prerendered]')].find((img) => img.getAttribute('src') === src);
  return Boolean(prerendered?.complete && prerendered.naturalWidth > 0);
}

/**
 * An image that fades in once loaded. In the prerendered landing page the fade is
 * a CSS animation (`[data-prerendered]`), so the image paints before any script
 * runs; in the app, a transition started by its load event.
 */
export function FadeInImage({ style, onLoad, src, ...props }: ComponentPropsWithoutRef<'img'>) {
  const [loaded, setLoaded] = useState(() => shownInPrerenderedPage(src));
  return (
    <img
      {...props}
      src={src}
      data-prerendered={PRERENDERING || undefined}
      // The prerendered page's loader starts the app's scripts once the browser reports this paint.
      elementtiming={PRERENDERING ? 'prerendered-art' : undefined}
      data-loaded={loaded || undefined}
      style={{ ...style, transitionDuration: `${IMAGE_FADE_MS}ms` }}
      onLoad={(event) => {
        setLoaded(true);
        onLoad?.(event);
      }}
    />
  );
}
