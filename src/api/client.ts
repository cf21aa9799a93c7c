import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { noResponseError, toApiError, type ApiAborted, type ApiResult } from '../domain/apiErrors';
import { authenticatedOperations } from './operations.gen';
import type { paths } from './schema.gen';

export type IdTokenSource = {
  currentIdToken(): string | undefined;
  fetchIdTokenWithoutCache(): Promise<string | undefined>;
  /**
   * Whether a user is signed in: an optional bearer is fetched only for one. A session still being restored at start is
   * waited for, so a returning customer's first basket update is not priced as a guest's.
   */
  isSignedIn(): boolean | Promise<boolean>;
};

export type ApiClientOptions = {
  /** The API root, the SPEC's `{host}`: `<origin>/api`. */
  baseUrl: string;
  applicationKey: string;
  siteKey: string;
  identity: IdTokenSource;
  fetch?: (request: Request) => Promise<Response>;
};

type IdentificationHeader = 'x-application-key' | 'x-site-key';

// The middleware adds the identification headers to every call, so callers are not asked for them.
type WithoutIdentificationHeaders<TOperation> = TOperation extends { parameters: { header: infer THeader } }
  ? Omit<TOperation, 'parameters'> & {
      parameters: Omit<TOperation['parameters'], 'header'> & { header?: Omit<THeader, IdentificationHeader> };
    }
  : TOperation;

export type ApiPaths = {
  [Path in keyof paths]: { [Method in keyof paths[Path]]: WithoutIdentificationHeaders<paths[Path][Method]> };
};

export type ApiClient = Client<ApiPaths>;

type Bearer = 'required' | 'optional';

const bearerOperations = new Map<string, Bearer>(
  authenticatedOperations.map(({ method, path, optional }) => [`${method} ${path}`, optional ? 'optional' : 'required']),
);

function bearerOf(method: string, schemaPath: string): Bearer | undefined {
  return bearerOperations.get(`${method.toUpperCase()} ${schemaPath}`);
}

/** The id token to send: always tried where the contract requires one, only for a signed-in user where it is optional. */
async function idTokenFor(bearer: Bearer, identity: IdTokenSource): Promise<string | undefined> {
  const held = identity.currentIdToken();
  if (held !== undefined) return held;
  return bearer === 'required' || (await identity.isSignedIn()) ? identity.fetchIdTokenWithoutCache() : undefined;
}

export function createApiClient({ baseUrl, applicationKey, siteKey, identity, fetch }: ApiClientOptions): ApiClient {
  const client = createClient<ApiPaths>({ baseUrl, ...(fetch ? { fetch } : {}) });
  const identification: Middleware = {
    async onRequest({ request, schemaPath }) {
      request.headers.set('x-application-key', applicationKey);
      request.headers.set('x-site-key', siteKey);
      const bearer = bearerOf(request.method, schemaPath);
      if (bearer !== undefined) {
        const idToken = await idTokenFor(bearer, identity);
        if (idToken) request.headers.set('authorization', `Bearer ${idToken}`);
      }
      return request;
    },
  };
  client.use(identification);
  return client;
}

type EnvelopedResponse<TData> = { data?: { data: TData }; error?: unknown; response: Response };

const aborted: ApiAborted = { ok: false, aborted: true };

function isAbortError(thrown: unknown): boolean {
  return thrown instanceof Error && thrown.name === 'AbortError';
}

/**
 * Settles an openapi-fetch call into the `data` of its envelope (SPEC §7) or an `ApiError`
 * (SPEC §8). Give the call's own `signal`: once it has aborted, whatever arrives is `aborted`.
 */
export async function callApi<TData>(
  call: Promise<EnvelopedResponse<TData>>,
  signal?: AbortSignal,
): Promise<ApiResult<TData>> {
  try {
    const { data, error, response } = await call;
    if (signal?.aborted) return aborted;
    if (response.ok && data !== undefined) return { ok: true, data: data.data };
    return { ok: false, aborted: false, error: toApiError(response.status, error) };
  } catch (thrown) {
    if (signal?.aborted || isAbortError(thrown)) return aborted;
    return { ok: false, aborted: false, error: noResponseError() };
  }
}
