import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { PhotoFormat } from '../../domain/photoSizes';
import { notJsonBody } from '../errors';
import type { MediaStore } from '../media/mediaStore';
import { MAX_PHOTO_BYTES, mediaFile, type MediaFile } from '../media/photos';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where photo files are kept (DATA_DIR/media; docs/back-office.md, "Photos"). */
    mediaStore: MediaStore;
  }
}

const CONTENT_TYPES = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;
const SERVED_NAME = /^([0-9a-f]{64})-(?:(\d{1,5})\.(avif|webp)|share\.(jpg))$/;

const servedFile = ([, mediaId, width, format]: RegExpExecArray): MediaFile =>
  width === undefined ? { mediaId: mediaId!, share: true } : { mediaId: mediaId!, width: Number(width), format: format as PhotoFormat };

/**
 * Uploads and the photos' files. Only an operation marked `x-fastify-config: { acceptsUpload: true }` in openapi.yaml
 * reads a multipart body (its fields become the body the contract validates; a file field is a Buffer); every other
 * call keeps refusing anything but JSON. The copies, and each photo's shared-link picture, are served under /media/ for a
 * year, immutable: their names are the content's hash.
 */
export async function registerMedia(app: FastifyInstance, store: MediaStore): Promise<void> {
  app.decorate('mediaStore', store);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 4 * 1024 },
  });
  app.addHook('preParsing', async (request) => {
    const multipartBody = /^multipart\//i.test(request.headers['content-type'] ?? '');
    if (multipartBody && (request.routeOptions.config as { acceptsUpload?: boolean } | undefined)?.acceptsUpload !== true) throw notJsonBody();
  });

  app.get<{ Params: { name: string } }>('/media/:name', async (request, reply) => {
    const match = SERVED_NAME.exec(request.params.name);
    const bytes = match === null ? undefined : await mediaFile(store, servedFile(match));
    if (bytes === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .type(CONTENT_TYPES[(match![3] ?? match![4]) as keyof typeof CONTENT_TYPES])
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(bytes);
  });
}
