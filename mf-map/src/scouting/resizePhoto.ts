import {
  PHOTO_TOO_LARGE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  SCOUTING_PHOTO_MAX_BYTES,
  SCOUTING_PHOTO_TYPES,
  type ScoutingPhotoType,
} from '@paddock/shared/contracts';
import type { PhotoInput } from './outbox';

/** Photos are sent at most this many pixels on their long edge: plenty to see a weed, quick on one bar. */
export const PHOTO_MAX_EDGE = 2048;

/** The size a picture of `width` × `height` is drawn at to fit `maxEdge`, never enlarged. */
export function fitWithin(width: number, height: number, maxEdge: number = PHOTO_MAX_EDGE) {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

const isPhotoType = (type: string): type is ScoutingPhotoType =>
  (SCOUTING_PHOTO_TYPES as readonly string[]).includes(type);

/**
 * A camera photo made small in the browser before it waits in the outbox: decoded upright
 * (`imageOrientation`), drawn at most 2048 px on its long edge, saved as JPEG. A photo the browser
 * cannot decode (HEIC outside Safari) is kept as it is when the API takes its type and size.
 */
export async function resizePhoto(file: Blob, maxEdge: number = PHOTO_MAX_EDGE): Promise<PhotoInput> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const size = fitWithin(bitmap.width, bitmap.height, maxEdge);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.82));
    if (!blob) throw new Error('no blob');
    return { bytes: await blob.arrayBuffer(), contentType: 'image/jpeg', ...size };
  } catch {
    if (!isPhotoType(file.type)) throw new Error(PHOTO_TYPE_MESSAGE);
    if (file.size > SCOUTING_PHOTO_MAX_BYTES) throw new Error(PHOTO_TOO_LARGE_MESSAGE);
    return { bytes: await file.arrayBuffer(), contentType: file.type, width: null, height: null };
  }
}
