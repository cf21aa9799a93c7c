import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi, createApiClient, type IdTokenSource } from '../../src/api/client';

type RecordedRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: string };
type Answer = (response: ServerResponse) => void;

const recorded: RecordedRequest[] = [];
const answers = new Map<string, Answer>();
let server: Server;
let baseUrl: string;

function answerWith(method: string, url: string, answer: Answer) {
  answers.set(`${method} ${url}`, answer);
}

function json(status: number, body: unknown): Answer {
  return (response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
}

function text(status: number, body: string): Answer {
  return (response) => {
    response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
    response.end(body);
  };
}

/** `signedInUserToken` undefined: nobody is signed in. */
class SignedInIdentity implements IdTokenSource {
  uncachedFetches = 0;
  constructor(
    private heldToken: string | undefined,
    private readonly signedInUserToken: string | undefined,
  ) {}
  currentIdToken() {
    return this.heldToken;
  }
  async fetchIdTokenWithoutCache() {
    this.uncachedFetches += 1;
    this.heldToken = this.signedInUserToken;
    return this.signedInUserToken;
  }
  isSignedIn() {
    return this.signedInUserToken !== undefined;
  }
}

function clientFor(identity: IdTokenSource, url = baseUrl) {
  return createApiClient({ baseUrl: url, applicationKey: 'takeaway-web', siteKey: 'demo-site', identity });
}

const menu = { menuId: 1, menuVersion: 3, menuType: 1, categories: [] };

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const method = request.method ?? '';
      const url = request.url ?? '';
      recorded.push({ method, url, headers: request.headers, body });
      const answer = answers.get(`${method} ${url}`) ?? json(404, { errorMessage: 'Not Found', validationErrors: [] });
      answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  recorded.length = 0;
  answers.clear();
});

describe('identification headers and the bearer (SPEC §6, §7)', () => {
  it('adds the application and site keys to a call and no bearer to a call not marked (auth)', async () => {
    answerWith('GET', '/api/menu/getMenu/1', json(200, { data: menu }));
    const identity = new SignedInIdentity('held-id-token', 'fresh-id-token');

    const result = await callApi(clientFor(identity).GET('/menu/getMenu/{menuId}', { params: { path: { menuId: 1 } } }));

    expect(result).toEqual({ ok: true, data: menu });
    expect(recorded).toHaveLength(1);
    expect(recorded[0].headers['x-application-key']).toBe('takeaway-web');
    expect(recorded[0].headers['x-site-key']).toBe('demo-site');
    expect(recorded[0].headers.authorization).toBeUndefined();
    expect(identity.uncachedFetches).toBe(0);
  });

  it('adds the held id token as bearer on an (auth) call without fetching the user again', async () => {
    answerWith('GET', '/api/account/DoLogin', json(200, { data: {} }));
    const identity = new SignedInIdentity('held-id-token', 'fresh-id-token');

    await callApi(clientFor(identity).GET('/account/DoLogin'));

    expect(recorded[0].headers.authorization).toBe('Bearer held-id-token');
    expect(recorded[0].headers['x-application-key']).toBe('takeaway-web');
    expect(recorded[0].headers['x-site-key']).toBe('demo-site');
    expect(identity.uncachedFetches).toBe(0);
  });

  it('fetches the signed-in user without cache first when no token is held, then sends its token', async () => {
    answerWith('GET', '/api/account/RebuildOrder/abc123', json(200, { data: { items: [] } }));
    const identity = new SignedInIdentity(undefined, 'fresh-id-token');
    const client = clientFor(identity);

    await callApi(client.GET('/account/RebuildOrder/{orderId}', { params: { path: { orderId: 'abc123' } } }));
    await callApi(client.GET('/account/RebuildOrder/{orderId}', { params: { path: { orderId: 'abc123' } } }));

    expect(recorded.map((request) => request.headers.authorization)).toEqual([
      'Bearer fresh-id-token',
      'Bearer fresh-id-token',
    ]);
    expect(identity.uncachedFetches).toBe(1);
  });

  it('sends an (auth) call without a bearer when nobody is signed in, and the 401 is another status', async () => {
    answerWith('POST', '/api/account/UpdateProfile', json(401, { errorMessage: 'Sign in first', validationErrors: [] }));
    const identity = new SignedInIdentity(undefined, undefined);

    const result = await callApi(
      clientFor(identity).POST('/account/UpdateProfile', { body: { name: 'Ada Lovelace', phone: '07700900123' } }),
    );

    expect(identity.uncachedFetches).toBe(1);
    expect(recorded[0].headers.authorization).toBeUndefined();
    expect(result).toEqual({
      ok: false,
      aborted: false,
      error: { status: 401, message: 'Unexpected server error 401', validationErrors: [] },
    });
  });

  it('sends a JSON body with the JSON content type', async () => {
    answerWith('POST', '/api/account/CreateAccount', json(200, { data: { account: { email: 'a@example.com' } } }));

    const result = await callApi(
      clientFor(new SignedInIdentity(undefined, undefined)).POST('/account/CreateAccount', {
        body: { authId: 'user-1', email: 'a@example.com' },
      }),
    );

    expect(result).toEqual({ ok: true, data: { account: { email: 'a@example.com' } } });
    expect(recorded[0].headers['content-type']).toBe('application/json');
    expect(JSON.parse(recorded[0].body)).toEqual({ authId: 'user-1', email: 'a@example.com' });
    expect(recorded[0].headers.authorization).toBeUndefined();
  });
});

describe('the optional bearer of POST /orderbuilder/update (security [{}, bearerAuth])', () => {
  const update = (identity: IdTokenSource) =>
    callApi(
      clientFor(identity).POST('/orderbuilder/update', {
        body: {
          basketId: 'AAAAAAAAAAAAAAAAAAAAAA',
          menuVersion: 1,
          sourceType: 'Website',
          os: 'web',
          osVersion: 'Linux',
          appVersion: '1.0.81',
          orderType: 1,
          orderItems: [],
          voucherItems: [],
          itemCost: 0,
          deliveryCharge: 0,
          bagCharge: 0,
          discount: 0,
          totalCost: 0,
          ignoreTimeOffset: false,
          paymentType: 1,
          asapFlag: true,
        },
      }),
    );

  beforeEach(() => answerWith('POST', '/api/orderbuilder/update', json(200, { data: {} })));

  it('sends no bearer for a guest and does not ask the identity service for one', async () => {
    const identity = new SignedInIdentity(undefined, undefined);

    await update(identity);

    expect(recorded[0].headers.authorization).toBeUndefined();
    expect(recorded[0].headers['x-application-key']).toBe('takeaway-web');
    expect(identity.uncachedFetches).toBe(0);
  });

  it("sends a signed-in customer's held id token", async () => {
    const identity = new SignedInIdentity('held-id-token', 'fresh-id-token');

    await update(identity);

    expect(recorded[0].headers.authorization).toBe('Bearer held-id-token');
    expect(identity.uncachedFetches).toBe(0);
  });

  it('waits for a session being restored before deciding, so a returning customer is not priced as a guest', async () => {
    const identity = new SignedInIdentity(undefined, 'restored-id-token');
    let restored!: (signedIn: boolean) => void;
    (identity as IdTokenSource).isSignedIn = () => new Promise<boolean>((resolve) => (restored = resolve));

    const sent = update(identity);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(recorded).toHaveLength(0);
    restored(true);
    await sent;

    expect(recorded[0].headers.authorization).toBe('Bearer restored-id-token');
  });

  it('fetches a fresh id token for a signed-in customer whose held one is stale', async () => {
    const identity = new SignedInIdentity(undefined, 'fresh-id-token');

    await update(identity);

    expect(recorded[0].headers.authorization).toBe('Bearer fresh-id-token');
    expect(identity.uncachedFetches).toBe(1);
  });
});

describe('the error catalogue over HTTP (SPEC §8)', () => {
  async function getMenuAnswering(answer: Answer) {
    answerWith('GET', '/api/menu/getMenu/7', answer);
    return callApi(
      clientFor(new SignedInIdentity(undefined, undefined)).GET('/menu/getMenu/{menuId}', {
        params: { path: { menuId: 7 } },
      }),
    );
  }

  it('HTTP 400 with empty validation errors gives the errorMessage', async () => {
    const result = await getMenuAnswering(json(400, { errorMessage: 'That menu is withdrawn', validationErrors: [] }));
    expect(result).toEqual({
      ok: false,
      aborted: false,
      error: { status: 400, message: 'That menu is withdrawn', validationErrors: [] },
    });
  });

  it('HTTP 400 with validation errors keeps the failures with a null error', async () => {
    const validationErrors = [{ field: 'menuId', message: 'must be a whole number' }];
    const result = await getMenuAnswering(json(400, { errorMessage: null, validationErrors }));
    expect(result).toEqual({ ok: false, aborted: false, error: { status: 400, message: null, validationErrors } });
  });

  it('HTTP 400 with a body that is not JSON gives a null error', async () => {
    const result = await getMenuAnswering(text(400, 'Bad Request'));
    expect(result).toEqual({ ok: false, aborted: false, error: { status: 400, message: null, validationErrors: [] } });
  });

  it('HTTP 404 gives "Route does not exist"', async () => {
    const result = await getMenuAnswering(json(404, { errorMessage: 'Menu not found', validationErrors: [] }));
    expect(result).toEqual({
      ok: false,
      aborted: false,
      error: { status: 404, message: 'Route does not exist', validationErrors: [] },
    });
  });

  it('HTTP 500 with a text body gives that text', async () => {
    const result = await getMenuAnswering(text(500, 'Database is being restored'));
    expect(result).toEqual({
      ok: false,
      aborted: false,
      error: { status: 500, message: 'Database is being restored', validationErrors: [] },
    });
  });

  it('HTTP 500 with a JSON body gives a null error', async () => {
    const result = await getMenuAnswering(json(500, { errorMessage: 'Internal Server Error', validationErrors: [] }));
    expect(result).toEqual({ ok: false, aborted: false, error: { status: 500, message: null, validationErrors: [] } });
  });

  it('HTTP 500 with an empty body gives a null error', async () => {
    const result = await getMenuAnswering((response) => {
      response.writeHead(500);
      response.end();
    });
    expect(result).toEqual({ ok: false, aborted: false, error: { status: 500, message: null, validationErrors: [] } });
  });

  it('another status gives "Unexpected server error {status}"', async () => {
    const result = await getMenuAnswering(text(503, 'Service Unavailable'));
    expect(result).toEqual({
      ok: false,
      aborted: false,
      error: { status: 503, message: 'Unexpected server error 503', validationErrors: [] },
    });
  });

  it('a success without the data envelope is another status', async () => {
    const result = await getMenuAnswering((response) => {
      response.writeHead(204);
      response.end();
    });
    expect(result).toEqual({
      ok: false,
      aborted: false,
      error: { status: 204, message: 'Unexpected server error 204', validationErrors: [] },
    });
  });

  it('a success whose body cannot be read as JSON counts as no response', async () => {
    const result = await getMenuAnswering(text(200, '<!doctype html><title>Not the API</title>'));
    expect(result).toEqual({
      ok: false,
      aborted: false,
      error: { message: 'The service is temporarily unavailable', validationErrors: [] },
    });
  });

  it('no response (nothing listening) gives "The service is temporarily unavailable"', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const result = await callApi(
      clientFor(new SignedInIdentity(undefined, undefined), `http://127.0.0.1:${port}/api`).GET(
        '/restaurant/coreRestaurantData',
      ),
    );

    expect(result).toEqual({
      ok: false,
      aborted: false,
      error: { message: 'The service is temporarily unavailable', validationErrors: [] },
    });
  });
});

describe('a response that arrives after its screen has gone (SPEC §4)', () => {
  it('is ignored: the aborted call settles as aborted even though the server answers later', async () => {
    let releaseAnswer!: () => void;
    const answerReleased = new Promise<void>((resolve) => (releaseAnswer = resolve));
    let answered!: () => void;
    const serverAnswered = new Promise<void>((resolve) => (answered = resolve));
    answerWith('GET', '/api/restaurant/coreRestaurantData', (response) => {
      void answerReleased.then(() => {
        json(200, { data: { restaurantData: { name: 'Late Answer' } } })(response);
        answered();
      });
    });
    const screen = new AbortController();

    const pending = callApi(
      clientFor(new SignedInIdentity(undefined, undefined)).GET('/restaurant/coreRestaurantData', {
        signal: screen.signal,
      }),
      screen.signal,
    );
    await expect.poll(() => recorded.length).toBe(1);
    screen.abort();
    releaseAnswer();
    await serverAnswered;

    expect(await pending).toEqual({ ok: false, aborted: true });
  });

  it('is ignored when the answer was read but the screen went before the caller settled it', async () => {
    answerWith('GET', '/api/restaurant/coreRestaurantData', json(200, { data: { restaurantData: { name: 'X' } } }));
    const screen = new AbortController();
    const call = clientFor(new SignedInIdentity(undefined, undefined)).GET('/restaurant/coreRestaurantData');
    const answered = await call;
    expect(answered.response.status).toBe(200);

    screen.abort();

    expect(await callApi(call, screen.signal)).toEqual({ ok: false, aborted: true });
  });
});
