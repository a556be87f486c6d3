import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, photoFileProblem } from './ProfilePhotoUpload';

describe('photoFileProblem', () => {
  it('takes JPEG, PNG and WebP up to 5 MB, in the server’s words otherwise', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(photoFileProblem({ type, size: 1000 })).toBeNull();
    expect(photoFileProblem({ type: 'image/png', size: PHOTO_MAX_BYTES })).toBeNull();
    expect(photoFileProblem({ type: 'image/png', size: PHOTO_MAX_BYTES + 1 })).toBe('Choose a photo of at most 5 MB.');
    for (const type of ['image/svg+xml', 'image/gif', 'text/html', '']) {
      expect(photoFileProblem({ type, size: 1000 })).toBe('Choose a photo in JPEG, PNG or WebP format.');
    }
  });
});
