import { createHash } from 'node:crypto';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { components } from '../../api/schema.gen';
import { PHOTO_FORMATS, SHARE_IMAGE, photoFileName, shareImageFileName, widthsFor, type PhotoFormat } from '../../domain/photoSizes';
import { PHOTO_MAX_MEGABYTES, PHOTO_MAX_MEGAPIXELS } from '../../domain/photoUploadLimits';
import { ApiError } from '../errors';
import { ORIGINALS_FOLDER, type MediaStore } from './mediaStore';

type Photo = components['schemas']['Photo'];

export const MAX_PHOTO_BYTES = PHOTO_MAX_MEGABYTES * 1024 * 1024;
const MAX_PHOTO_PIXELS = PHOTO_MAX_MEGAPIXELS * 1_000_000;
// AVIF is HEIF holding AV1; HEIF holding HEVC (an iPhone's HEIC) the library cannot decode.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

export const NOT_A_PHOTO_MESSAGE = 'must be a photo (JPEG, PNG, WebP or AVIF)';
export const HEIC_PHOTO_MESSAGE = 'is a HEIC photo, which cannot be read here: choose it as a JPEG (an iPhone sends one when Camera › Formats is set to Most Compatible)';
export const TOO_MANY_PIXELS_MESSAGE = `is too large: at most ${PHOTO_MAX_MEGAPIXELS} megapixels`;
export const NOT_UPLOADED_MESSAGE = 'is not an uploaded photo: please choose the photo again';
export const DAMAGED_PHOTO_MESSAGE = 'is incomplete or damaged: please choose the photo again';

const refusedFile = (message: string) => new ApiError(400, null, [{ field: 'file', message }]);

export const originalKey = (mediaId: string) => `${ORIGINALS_FOLDER}/${mediaId}`;

export interface PreparedPhoto {
  photo: Photo;
  originalType: string;
  /** The files to store, the original first. */
  files: { key: string; bytes: Buffer }[];
}

/** Why a file whose header reads as `metadata` cannot be a photo here, told before anything is decoded; none when it can. */
export function photoHeaderRefusal(metadata: Pick<Metadata, 'format' | 'compression' | 'pages' | 'width' | 'height'>): string | undefined {
  if (!ACCEPTED_FORMATS.has(metadata.format) || (metadata.pages !== undefined && metadata.pages > 1)) return NOT_A_PHOTO_MESSAGE;
  if (metadata.format === 'heif' && metadata.compression !== 'av1') return HEIC_PHOTO_MESSAGE;
  if (metadata.width * metadata.height > MAX_PHOTO_PIXELS) return TOO_MANY_PIXELS_MESSAGE;
  return undefined;
}

/**
 * Checks `bytes` by their content and makes the copies the site shows; throws a 400 naming `file` for anything that is
 * not a whole photo within the limits. Nothing is stored here, so a refusal leaves nothing behind.
 */
export async function preparePhoto(bytes: Buffer, alt: string): Promise<PreparedPhoto> {
  const options = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'truncated' } as const;
  let metadata: Metadata;
  try {
    // The header alone, so that a photo too large to decode is told as such rather than as not a photo.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refusedFile(NOT_A_PHOTO_MESSAGE);
  }
  const refusal = photoHeaderRefusal(metadata);
  if (refusal !== undefined) throw refusedFile(refusal);

  // Upright as the camera held it; sharp writes no metadata (EXIF, location, XMP) into the copies unless asked to.
  const upright = sharp(bytes, options).autoOrient();
  const width = metadata.autoOrient.width;
  const height = metadata.autoOrient.height;
  const widths = widthsFor(width);
  const mediaId = createHash('sha256').update(bytes).digest('hex');
  let copies: { key: string; bytes: Buffer }[];
  try {
    copies = await Promise.all(
      widths.flatMap((copyWidth) =>
        PHOTO_FORMATS.map(async (format) => {
          return { key: photoFileName(mediaId, copyWidth, format), bytes: await encodeCopy(upright, copyWidth, format) };
        }),
      ),
    );
  } catch {
    throw refusedFile(DAMAGED_PHOTO_MESSAGE);
  }
  return {
    photo: { mediaId, alt: alt.trim(), width, height, widths },
    originalType: metadata.format,
    files: [{ key: originalKey(mediaId), bytes }, ...copies],
  };
}

/** One copy of the photo: `width` pixels wide, in `format`. */
function encodeCopy(upright: Sharp, width: number, format: PhotoFormat): Promise<Buffer> {
  const resized = upright.clone().resize({ width, withoutEnlargement: true });
  return (format === 'avif' ? resized.avif({ quality: 55, effort: 2 }) : resized.webp({ quality: 75 })).toBuffer();
}

/** Stores `prepared`'s files; when one cannot be written, those already written are removed and the error rethrown. */
export async function storePhotoFiles(store: MediaStore, prepared: PreparedPhoto): Promise<void> {
  try {
    for (const file of prepared.files) await store.put(file.key, file.bytes);
  } catch (error) {
    await Promise.all(prepared.files.map((file) => store.remove(file.key)));
    throw error;
  }
}

const uprightOriginal = (original: Buffer) => sharp(original, { limitInputPixels: MAX_PHOTO_PIXELS }).autoOrient();

/** What a file under /media/ is made of: a copy at a width, or the shared-link picture. */
export type MediaFile = { mediaId: string; width: number; format: PhotoFormat } | { mediaId: string; share: true };

/**
 * A file of a stored photo. One the store lacks is made from the original, as an upload makes it, and kept: the
 * shared-link picture (1200 × 630, cropped around what draws the eye; a JPEG, which every link preview reads) the first
 * time a preview asks for it, and a copy the original was stored without (the demo's photos: src/server/db/seed/
 * demoPhotos.ts). None when there is no such original, or the photo is not made at that width.
 */
export async function mediaFile(store: MediaStore, file: MediaFile): Promise<Buffer | undefined> {
  const key = 'share' in file ? shareImageFileName(file.mediaId) : photoFileName(file.mediaId, file.width, file.format);
  const kept = await store.get(key);
  if (kept !== undefined) return kept;
  // Link previewers ask for a new page's picture several times at once: one decode of the original serves them all.
  const making = filesBeingMade(store);
  const alreadyMaking = making.get(key);
  if (alreadyMaking !== undefined) return alreadyMaking;
  const made = madeFile(store, file, key).finally(() => making.delete(key));
  making.set(key, made);
  return made;
}

const filesBeingMadeByStore = new WeakMap<MediaStore, Map<string, Promise<Buffer | undefined>>>();

function filesBeingMade(store: MediaStore): Map<string, Promise<Buffer | undefined>> {
  let making = filesBeingMadeByStore.get(store);
  if (making === undefined) {
    making = new Map();
    filesBeingMadeByStore.set(store, making);
  }
  return making;
}

async function madeFile(store: MediaStore, file: MediaFile, key: string): Promise<Buffer | undefined> {
  const original = await store.get(originalKey(file.mediaId));
  if (original === undefined) return undefined;
  let made: Buffer;
  if ('share' in file) {
    // JPEG has no transparency: a transparent PNG (a logo) is laid on white, not on the black its empty pixels would give.
    made = await uprightOriginal(original)
      .resize({ ...SHARE_IMAGE, fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
  } else {
    const { autoOrient } = await sharp(original).metadata();
    if (!widthsFor(autoOrient.width).includes(file.width)) return undefined;
    made = await encodeCopy(uprightOriginal(original), file.width, file.format);
  }
  await store.put(key, made);
  return made;
}
