// Speaker photos are resized in the browser before they are uploaded: a phone
// photo of several megabytes becomes a JPEG of at most PHOTO_MAX_SIDE pixels a
// side (the landing shows it at 400 px at most, twice that on a sharp screen
// is not needed), and re-encoding drops whatever else the file carried.

export const PHOTO_MAX_SIDE = 800;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** What the server takes per photo (the speakers collection's limit). */
export const PHOTO_MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/** The size a photo of `width`×`height` is scaled to: its longest side at most `max`, never enlarged. */
export function fittedSize(width: number, height: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) throw new Error('The image has no size.');
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Why a chosen file cannot be a speaker photo, or null when it can. */
export function photoProblem(file: Pick<File, 'type'>): string | null {
  return (PHOTO_TYPES as readonly string[]).includes(file.type) ? null : 'Choose a photo in JPEG, PNG or WebP format.';
}

/** The photo scaled to fit PHOTO_MAX_SIDE and encoded as JPEG (quality 0.86), named after the original. */
export async function resizePhoto(file: File): Promise<File> {
  const problem = photoProblem(file);
  if (problem) throw new Error(problem);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error('This file could not be read as an image. Choose another photo.');
  }
  try {
    const { width, height } = fittedSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot resize photos.');
    // JPEG has no transparency: a transparent PNG gets a white background, not black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.86));
    if (!blob) throw new Error('This browser cannot resize photos.');
    const base = file.name.replace(/\.[^.]*$/, '').replace(/[^\w-]+/g, '-').slice(0, 60) || 'speaker';
    return new File([blob], `${base}.jpg`, { type: 'image/jpeg' });
  } finally {
    bitmap.close();
  }
}
