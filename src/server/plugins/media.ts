import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { notJsonBody } from '../errors';
import type { MediaStore } from '../media/mediaStore';
import { MAX_PHOTO_BYTES } from '../media/photos';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where photo files are kept (DATA_DIR/media; docs/back-office.md, "Photos"). */
    mediaStore: MediaStore;
  }
}

const CONTENT_TYPES = { avif: 'image/avif', webp: 'image/webp' } as const;
const SERVED_NAME = /^([0-9a-f]{64})-(\d{1,5})\.(avif|webp)$/;

/**
 * Uploads and the photos' files. Only an operation marked `x-fastify-config: { acceptsUpload: true }` in openapi.yaml
 * reads a multipart body (its fields become the body the contract validates; a file field is a Buffer); every other
 * call keeps refusing anything but JSON. The copies are served under /media/ for a year, immutable: their names are
 * the content's hash.
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
    const bytes = match ? await store.get(request.params.name) : undefined;
    if (bytes === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .type(CONTENT_TYPES[match![3] as keyof typeof CONTENT_TYPES])
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(bytes);
  });
}
