import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunkErrors';

describe('isChunkLoadError', () => {
  it("recognises each browser's failed dynamic import and Vite's failed CSS preload", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://localhost/assets/terms-abc.js',
      'error loading dynamically imported module: http://localhost/assets/terms-abc.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/register-abc.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    }
  });

  it('leaves every other error to the ordinary error view', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
