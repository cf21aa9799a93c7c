import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../api/schema.gen';

export type OperationId = keyof operations;

type JsonContent<Message> = Message extends { content: { 'application/json': infer Body } } ? Body : undefined;
/** `?: never` in the generated types means "this operation has none". */
type Present<Part> = [NonNullable<Part>] extends [never] ? undefined : NonNullable<Part>;

/** JSON, or the fields of an upload (@fastify/multipart's `keyValues`: a file field arrives as a Buffer). */
type BodyContent<Message> = Message extends { content: { 'multipart/form-data': infer Fields } } ? Fields : JsonContent<Message>;
export type RequestBody<K extends OperationId> = BodyContent<Present<operations[K]['requestBody']>>;
export type PathParameters<K extends OperationId> = Present<operations[K]['parameters']['path']>;
export type QueryParameters<K extends OperationId> = Present<operations[K]['parameters']['query']>;
/** JSON, or the text of an operation that answers a file (the takings' CSV: the handler sets its content type). */
type SuccessContent<Message> = Message extends { content: { 'text/csv': infer Text } } ? Text : JsonContent<Message>;
export type SuccessAnswer<K extends OperationId> = SuccessContent<operations[K]['responses'][200]>;

export type OperationRequest<K extends OperationId> = FastifyRequest<{
  Params: PathParameters<K>;
  Querystring: QueryParameters<K>;
  Body: RequestBody<K>;
  Headers: operations[K]['parameters']['header'];
}>;

/** Answers the 200 body; refusals are thrown as ApiError and shaped by the error handler. */
export type Handler<K extends OperationId> = (request: OperationRequest<K>, reply: FastifyReply) => Promise<SuccessAnswer<K>>;

/** Every operation of openapi.yaml must have a handler of its exact type, so a gap fails the type check. */
export type HandlerMap = { [K in OperationId]: Handler<K> };
