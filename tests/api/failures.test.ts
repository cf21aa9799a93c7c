import { rmSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleError } from '../../src/server/errors';
import { buildInjectedApp, type InjectedApp } from './injectedApp';

const identification = { 'x-application-key': 'takeaway-web', 'x-site-key': 'demo-site' };

// No socket is needed to see how the app answers when its database has gone away, so this uses inject.
describe('when something unexpected fails', () => {
  let injected: InjectedApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    injected = await buildInjectedApp();
    app = injected.app;
  });

  afterAll(async () => {
    // The database is closed by the test itself.
    await app?.close();
    rmSync(injected.dataDir, { recursive: true, force: true });
  });

  it('answers from the database while it is open', async () => {
    const response = await app.inject({ url: '/api/restaurant/coreRestaurantData', headers: identification });
    expect(response.statusCode).toBe(200);
  });

  it('answers 500 in the SPEC §8 shape without leaking the cause once the database is gone', async () => {
    await injected.database.close();
    // Pages are read from the database on every request (the core data and menus are trusted for a second).
    const response = await app.inject({ url: '/api/pagedata/page/privacy', headers: identification });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ errorMessage: 'An unexpected error occurred', validationErrors: [] });
    expect(response.body).not.toMatch(/destroyed|at .*\.ts|sqlite|kysely/i);
  });

  it('answers 503, not 401, when the identity service cannot be reached to check a token', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await new SignJWT({ token_use: 'id', email: 'diner@example.com' })
      .setProtectedHeader({ alg: 'RS256', kid: 'some-key' })
      .setSubject('diner')
      .setIssuer('http://127.0.0.1:9/unused')
      .setAudience('unused')
      .setExpirationTime('1h')
      .sign(privateKey);
    const response = await app.inject({
      url: '/api/account/GetAccount',
      headers: { ...identification, authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ errorMessage: 'The identity service is unavailable', validationErrors: [] });
  });

  it('says the site is not built, rather than 404, for a page request when there is no build', async () => {
    const response = await app.inject({ url: '/order', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });
});

describe('the error handler', () => {
  const secret = 'SQLITE_BUSY at /srv/data/takeaway.sqlite (repositories.ts:42)';
  let bare: FastifyInstance;

  beforeAll(async () => {
    bare = Fastify({ logger: false });
    bare.setErrorHandler(handleError);
    bare.get('/unexpected', async () => {
      throw new Error(secret);
    });
    bare.get('/refused-without-words', async () => {
      throw Object.assign(new Error(secret), { statusCode: 409 });
    });
    await bare.ready();
  });

  afterAll(() => bare?.close());

  it('answers an unexpected error 500 without its text', async () => {
    const response = await bare.inject({ url: '/unexpected' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ errorMessage: 'An unexpected error occurred', validationErrors: [] });
  });

  it("keeps a refusal's status but not its text when it has no plain words", async () => {
    const response = await bare.inject({ url: '/refused-without-words' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errorMessage: 'The request cannot be handled', validationErrors: [] });
  });
});
