import { ApiError } from '../errors';
import { NOT_A_PHOTO_MESSAGE, preparePhoto, storePhotoFiles } from '../media/photos';
import type { HandlerMap } from './handlerTypes';

// Photos the owner uploads (docs/back-office.md, "Photos"). The contract has checked `alt`; the file is checked here,
// by its content, before anything is stored.

export const managePhotoHandlers: Pick<HandlerMap, 'uploadPhoto'> = {
  async uploadPhoto(request) {
    const { file, alt } = request.body;
    if (!Buffer.isBuffer(file)) throw new ApiError(400, null, [{ field: 'file', message: NOT_A_PHOTO_MESSAGE }]);
    const prepared = await preparePhoto(file, alt);
    const { media } = request.server.repositories;
    const known = await media.find(prepared.photo.mediaId);
    // The same file again is the photo already stored, under the alt text given now.
    if (known !== undefined) return { data: { ...known, alt: prepared.photo.alt } };
    await storePhotoFiles(request.server.mediaStore, prepared);
    try {
      await media.add(prepared.photo, prepared.originalType, request.server.clock());
    } catch (error) {
      await Promise.all(prepared.files.map((stored) => request.server.mediaStore.remove(stored.key)));
      throw error;
    }
    return { data: prepared.photo };
  },
};
