// Reads QR codes from camera frames off the page's main thread with jsQR (pure
// JavaScript, nothing to download or host: it works offline). The page posts
// one frame at a time (its RGBA pixels, transferred) and gets the text back.
import jsQR from 'jsqr';

export interface DecodeRequest {
  id: number;
  width: number;
  height: number;
  pixels: ArrayBuffer;
}

export interface DecodeAnswer {
  id: number;
  text: string | null;
}

self.onmessage = (message: MessageEvent<DecodeRequest>) => {
  const { id, width, height, pixels } = message.data;
  let text: string | null = null;
  try {
    // Tickets are dark on light: the inverted pass would double the work for nothing.
    text = jsQR(new Uint8ClampedArray(pixels), width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  } catch {
    text = null;
  }
  (self as unknown as Worker).postMessage({ id, text } satisfies DecodeAnswer);
};
