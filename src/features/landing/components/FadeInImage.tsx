import { useState, type ComponentPropsWithoutRef } from 'react';

/** Spec section 9: the landing image fades in over 500 ms once it has loaded. */
export const IMAGE_FADE_MS = 500;

export function FadeInImage({ style, onLoad, ...props }: ComponentPropsWithoutRef<'img'>) {
  const [loaded, setLoaded] = useState(false);
  return (
    <img
      {...props}
      data-loaded={loaded || undefined}
      style={{ ...style, transitionDuration: `${IMAGE_FADE_MS}ms` }}
      onLoad={(event) => {
        setLoaded(true);
        onLoad?.(event);
      }}
    />
  );
}
