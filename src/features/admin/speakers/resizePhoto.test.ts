import { describe, expect, it } from 'vitest';
import { fittedSize, photoProblem, PHOTO_MAX_SIDE } from './resizePhoto';

describe('fittedSize', () => {
  it('scales the longest side down to the limit, keeping the proportions', () => {
    expect(fittedSize(4032, 3024)).toEqual({ width: PHOTO_MAX_SIDE, height: 600 });
    expect(fittedSize(1000, 2000, 800)).toEqual({ width: 400, height: 800 });
    expect(fittedSize(1600, 1600, 800)).toEqual({ width: 800, height: 800 });
  });

  it('never enlarges a small photo', () => {
    expect(fittedSize(300, 200)).toEqual({ width: 300, height: 200 });
  });

  it('keeps at least one pixel a side for an extreme panorama', () => {
    expect(fittedSize(100_000, 10, 800)).toEqual({ width: 800, height: 1 });
  });

  it('refuses an image without a size', () => {
    expect(() => fittedSize(0, 100)).toThrow('The image has no size.');
    expect(() => fittedSize(Number.NaN, 100)).toThrow();
  });
});

describe('photoProblem', () => {
  it('takes JPEG, PNG and WebP and refuses anything else', () => {
    expect(photoProblem({ type: 'image/jpeg' })).toBeNull();
    expect(photoProblem({ type: 'image/png' })).toBeNull();
    expect(photoProblem({ type: 'image/webp' })).toBeNull();
    for (const type of ['image/svg+xml', 'application/pdf', 'image/gif', '']) {
      expect(photoProblem({ type })).toBe('Choose a photo in JPEG, PNG or WebP format.');
    }
  });
});
