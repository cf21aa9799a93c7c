import type { FastifyRequest } from 'fastify';
import { actsAs, OWNER_GROUP } from '../../domain/staff';
import { OWNER_ONLY_MESSAGE, STAFF_ONLY_MESSAGE } from '../domain/kitchenAccess';
import { ApiError } from '../errors';
import { verifiedBearer, type IdTokenVerifier } from './bearerAuth';

/** Who may call an operation, as its `security` and `x-identity-groups` in openapi.yaml declare it (docs/accounts.md). */
export type OperationAccess =
  /** `security: []` */
  | { readonly bearer: 'none' }
  /** `security: [{}, { bearerAuth: [] }]`: anyone; a token, when sent, must be valid. */
  | { readonly bearer: 'optional' }
  /** `security: [{ bearerAuth: [] }]`, and staff when `x-identity-groups` lists groups the caller must all be in. */
  | { readonly bearer: 'required'; readonly groups: readonly string[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every operation of the contract by `withDeclaredAccess`; absent on the site's own routes. */
    access?: OperationAccess;
  }
}

const BEARER_SCHEME = 'bearerAuth';
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

interface ContractOperation {
  operationId?: string;
  security?: unknown;
  'x-identity-groups'?: unknown;
  'x-fastify-config'?: Record<string, unknown>;
}

interface Contract {
  paths?: Record<string, Record<string, ContractOperation>>;
}

type Requirement = 'anonymous' | 'bearer';

function requirementOf(requirement: unknown): Requirement | undefined {
  if (typeof requirement !== 'object' || requirement === null) return undefined;
  const schemes = Object.entries(requirement);
  if (schemes.length === 0) return 'anonymous';
  const [[scheme, scopes]] = schemes;
  return schemes.length === 1 && scheme === BEARER_SCHEME && Array.isArray(scopes) && scopes.length === 0 ? 'bearer' : undefined;
}

/** The access an operation declares; throws, naming it, when it declares none or one this server cannot enforce. */
export function accessOf(name: string, operation: ContractOperation): OperationAccess {
  const { security, 'x-identity-groups': groups } = operation;
  if (!Array.isArray(security)) throw new Error(`${name} declares no security in openapi.yaml: say who may call it`);
  if (groups !== undefined && !(Array.isArray(groups) && groups.length > 0 && groups.every((group) => typeof group === 'string'))) {
    throw new Error(`${name}: x-identity-groups must list group names`);
  }
  const requirements = security.map(requirementOf);
  const declared = requirements.includes(undefined) ? 'unknown' : requirements.sort().join(',');
  if (declared === 'bearer') return { bearer: 'required', groups: (groups as string[] | undefined) ?? [] };
  if (groups !== undefined) throw new Error(`${name}: x-identity-groups needs security [{ ${BEARER_SCHEME}: [] }]`);
  if (declared === '') return { bearer: 'none' };
  if (declared === 'anonymous,bearer') return { bearer: 'optional' };
  throw new Error(`${name} declares a security this server cannot enforce: ${JSON.stringify(security)}`);
}

/**
 * A copy of the contract whose every operation carries its access in `x-fastify-config`, which
 * fastify-openapi-glue hands to the route's `config`, where `authorizeDeclaredAccess` reads it.
 */
export function withDeclaredAccess<Document extends object>(contract: Document): Document {
  const annotated = structuredClone(contract);
  for (const [path, pathItem] of Object.entries((annotated as Contract).paths ?? {})) {
    for (const [method, operation] of Object.entries(pathItem)) {
      if (!HTTP_METHODS.has(method)) continue;
      const access = accessOf(operation.operationId ?? `${method.toUpperCase()} ${path}`, operation);
      operation['x-fastify-config'] = { ...operation['x-fastify-config'], access };
    }
  }
  return annotated;
}

/**
 * The one check of who may call an operation, run on request, before the body is parsed or validated, so an
 * anonymous caller learns nothing from a body's validation and no handler checks authorization itself.
 */
export function authorizeDeclaredAccess(verifyIdToken: IdTokenVerifier) {
  return async (request: FastifyRequest): Promise<void> => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access.bearer === 'none') return;
    if (access.bearer === 'optional') {
      request.identity = request.headers.authorization === undefined ? null : await verifiedBearer(request, verifyIdToken);
      return;
    }
    const identity = await verifiedBearer(request, verifyIdToken);
    const missing = access.groups.find((group) => !actsAs(identity.groups, group));
    if (missing !== undefined) throw new ApiError(403, missing === OWNER_GROUP ? OWNER_ONLY_MESSAGE : STAFF_ONLY_MESSAGE);
    request.identity = identity;
  };
}
