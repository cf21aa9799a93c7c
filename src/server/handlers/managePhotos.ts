import { uploadPhoto } from '../services/photos';
import type { HandlerMap } from './handlerTypes';

// Photos the owner uploads (docs/back-office.md, "Photos"); the use-case is services/photos.ts.

export const managePhotoHandlers: Pick<HandlerMap, 'uploadPhoto'> = {
  async uploadPhoto(request) {
    const { file, alt } = request.body;
    return { data: await uploadPhoto(request.server, file, alt) };
  },
};
