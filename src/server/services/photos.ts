import type { components } from '../../api/schema.gen';
import type { MediaStore } from '../media/mediaStore';
import { NOT_A_PHOTO_MESSAGE, originalKey, preparePhoto, storePhotoFiles } from '../media/photos';
import { ApiError } from '../errors';
import type { ServiceContext } from './serviceContext';

// Photos the owner uploads (docs/back-office.md, "Photos"). The contract has checked `alt`; the file is checked here, by
// its content, before anything is stored.

type Photo = components['schemas']['Photo'];

/** Stores an uploaded photo and its sizes; the same file again is the photo already stored, under the alt text given now. */
export async function uploadPhoto({ repositories, clock, mediaStore }: ServiceContext & { mediaStore: MediaStore }, file: unknown, alt: string): Promise<Photo> {
  if (!Buffer.isBuffer(file)) throw new ApiError(400, null, [{ field: 'file', message: NOT_A_PHOTO_MESSAGE }]);
  const prepared = await preparePhoto(file, alt);
  const known = await repositories.media.find(prepared.photo.mediaId);
  if (known !== undefined) {
    // A photo whose files were lost (a database restored without DATA_DIR/media) is mended by uploading it again.
    if ((await mediaStore.get(originalKey(known.mediaId))) === undefined) await storePhotoFiles(mediaStore, prepared);
    return { ...known, alt: prepared.photo.alt };
  }
  await storePhotoFiles(mediaStore, prepared);
  try {
    await repositories.media.add(prepared.photo, prepared.originalType, clock());
  } catch (error) {
    await Promise.all(prepared.files.map((stored) => mediaStore.remove(stored.key)));
    throw error;
  }
  return prepared.photo;
}
