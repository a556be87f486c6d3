// Element Timing (https://w3c.github.io/element-timing/): an attribute React's types do not know yet.
import 'react';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the merged interface must repeat React's type parameter
  interface ImgHTMLAttributes<T> {
    /** The browser reports this image's paint under the given name. */
    elementtiming?: string;
  }
}
