import { brotliCompressSync, deflateSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { menuOf } from '../services/menus';
import type { HandlerMap, SuccessAnswer } from './handlerTypes';

type ContentEncoding = 'br' | 'gzip' | 'deflate' | 'identity';

/** One menu version's answer, as bytes, in each encoding asked for so far. */
type EncodedAnswer = Partial<Record<ContentEncoding, Buffer>>;

// The menu is the largest answer and the most requested. The repository hands out one frozen object per menu
// version, so its JSON is written (and compressed) once per version instead of on every request
// (docs/benchmarks.md).
const encodedAnswers = new WeakMap<object, EncodedAnswer>();

const encoders: Record<ContentEncoding, (json: Buffer) => Buffer> = {
  identity: (json) => json,
  gzip: (json) => gzipSync(json),
  deflate: (json) => deflateSync(json),
  br: (json) => brotliCompressSync(json, { params: { [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length } }),
};

export const menuHandlers: Pick<HandlerMap, 'getMenu'> = {
  async getMenu(request, reply) {
    const menu = await menuOf(request.server, request.params.menuId);
    let encoded = encodedAnswers.get(menu);
    if (encoded === undefined) {
      encoded = { identity: Buffer.from(JSON.stringify({ data: menu } satisfies SuccessAnswer<'getMenu'>)) };
      encodedAnswers.set(menu, encoded);
    }
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const body = (encoded[encoding] ??= encoders[encoding](encoded.identity!));
    return sendPrepared<'getMenu'>(reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding'), body, encoding);
  },
};

/**
 * Sends bytes already serialised (and compressed) for this operation. Answering the reply tells Fastify the
 * answer has gone, so it neither serialises nor compresses it again.
 */
function sendPrepared<K extends 'getMenu'>(reply: FastifyReply, body: Buffer, encoding: ContentEncoding): Promise<SuccessAnswer<K>> {
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body) as unknown as Promise<SuccessAnswer<K>>;
}

/** Brotli, then gzip, then deflate, when the client accepts them (a q of 0 refuses one); otherwise the bytes as they are. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    if (name !== '' && (quality === undefined || Number(quality.slice(2)) > 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  if (accepted.has('deflate')) return 'deflate';
  return 'identity';
}
