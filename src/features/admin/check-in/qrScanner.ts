// Reads QR codes from a playing camera video, frame after frame: the
// browser's own BarcodeDetector where it reads QR codes (Chrome on Android and
// macOS), else jsQR in a worker (qrDecode.worker.ts). One frame is read at a
// time, on the next animation frame after the last answer, so a slow device
// reads fewer frames rather than queueing them. Loaded on demand when the
// camera starts: it never enters another page's first load.
import type { DecodeAnswer, DecodeRequest } from './qrDecode.worker';

export type ScannerEngine = 'native' | 'jsqr';

export interface QrScanner {
  engine: ScannerEngine;
  stop(): void;
}

/** Frames are scaled down to this width before jsQR reads them (a ticket fills much of the frame). */
const MAX_FRAME_WIDTH = 640;

interface NativeDetector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<NativeDetector | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = await Detector.getSupportedFormats();
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

let sharedWorker: Worker | null = null;
let nextFrameId = 0;

/**
 * Loads the QR reader while the page opens (online), so a door that loses its
 * connection later still reads tickets, even before the app is installed for
 * offline use. One worker serves the page for its life.
 */
export function prepareQrReader(): void {
  if (sharedWorker || typeof Worker === 'undefined') return;
  sharedWorker = new Worker(new URL('./qrDecode.worker.ts', import.meta.url), { type: 'module', name: 'qr-decode' });
}

function workerReader(): { read: (video: HTMLVideoElement) => Promise<string | null>; close: () => void } {
  prepareQrReader();
  const worker = sharedWorker as Worker;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const waiting = new Map<number, (text: string | null) => void>();
  const onMessage = (message: MessageEvent<DecodeAnswer>) => {
    waiting.get(message.data.id)?.(message.data.text);
    waiting.delete(message.data.id);
  };
  worker.addEventListener('message', onMessage);
  return {
    read(video) {
      if (!context || video.videoWidth === 0) return Promise.resolve(null);
      const scale = Math.min(1, MAX_FRAME_WIDTH / video.videoWidth);
      const width = Math.round(video.videoWidth * scale);
      const height = Math.round(video.videoHeight * scale);
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      const { data } = context.getImageData(0, 0, width, height);
      const id = (nextFrameId += 1);
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        const request: DecodeRequest = { id, width, height, pixels: data.buffer };
        worker.postMessage(request, [data.buffer]);
      });
    },
    close() {
      worker.removeEventListener('message', onMessage);
      for (const resolve of waiting.values()) resolve(null);
      waiting.clear();
    },
  };
}

/** Starts reading `video` (already playing); `onText` gets every code read. */
export async function startQrScanner(video: HTMLVideoElement, onText: (text: string) => void): Promise<QrScanner> {
  const detector = await nativeDetector();
  const reader = detector ? null : workerReader();
  let stopped = false;
  let frame = 0;

  const read = async (): Promise<string | null> => {
    if (detector) {
      const codes = await detector.detect(video);
      return codes[0]?.rawValue ?? null;
    }
    return reader ? reader.read(video) : null;
  };

  const loop = () => {
    if (stopped) return;
    read().then(
      (text) => {
        if (stopped) return;
        if (text) onText(text);
        frame = requestAnimationFrame(loop);
      },
      () => {
        if (!stopped) frame = requestAnimationFrame(loop);
      },
    );
  };
  frame = requestAnimationFrame(loop);

  return {
    engine: detector ? 'native' : 'jsqr',
    stop() {
      stopped = true;
      cancelAnimationFrame(frame);
      reader?.close();
    },
  };
}
