import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGINS } from '../../src/server/plugins/appOrigins';
import { buildInjectedApp, type InjectedApp } from './injectedApp';

let injected: InjectedApp;
const identification = { 'x-application-key': 'takeaway-web', 'x-site-key': 'demo-site' };
const APP_HEADERS = ['x-application-key', 'x-site-key', 'authorization', 'content-type', 'x-basket-id'];

beforeAll(async () => {
  injected = await buildInjectedApp({ config: { minimumAppVersion: '1.0.81' } });
});

afterAll(() => injected.close());

function preflight(origin: string, url = '/api/Device/setToken') {
  return injected.app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': APP_HEADERS.join(',') },
  });
}

function allowedHeaders(header: unknown): string[] {
  return String(header).split(',').map((name) => name.trim().toLowerCase());
}

describe("the API answers the native apps' origins", () => {
  it('are exactly Capacitor 8’s iOS and Android origins', () => {
    expect([...APP_ORIGINS].sort()).toEqual(['capacitor://localhost', 'http://localhost', 'https://localhost']);
  });

  it.each(APP_ORIGINS)('answers the preflight of %s with every header the app sends', async (origin) => {
    const response = await preflight(origin);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(origin);
    expect(String(response.headers['access-control-allow-methods'])).toContain('POST');
    expect(allowedHeaders(response.headers['access-control-allow-headers'])).toEqual(expect.arrayContaining(APP_HEADERS));
    expect(String(response.headers.vary)).toMatch(/\bOrigin\b/);
  });

  it.each(APP_ORIGINS)('lets %s read an API answer, a refusal included', async (origin) => {
    const answered = await injected.app.inject({ method: 'GET', url: '/api/restaurant/coreRestaurantData', headers: { ...identification, origin } });
    expect(answered.statusCode).toBe(200);
    expect(answered.headers['access-control-allow-origin']).toBe(origin);
    expect(String(answered.headers.vary)).toMatch(/\bOrigin\b/);
    const refused = await injected.app.inject({ method: 'GET', url: '/api/restaurant/coreRestaurantData', headers: { origin } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(origin);
  });

  it('lets the app read /config.json from the server, with the oldest app version it supports', async () => {
    const response = await injected.app.inject({ method: 'GET', url: '/config.json', headers: { origin: 'capacitor://localhost' } });
    expect(response.headers['access-control-allow-origin']).toBe('capacitor://localhost');
    expect(response.json()).toMatchObject({ appVersion: '1.0.81', minimumAppVersion: '1.0.81' });
  });
});

describe('no other origin', () => {
  it.each(['https://golden-dragon.example', 'https://evil.example', 'capacitor://evil.example', 'https://localhost:8443', 'null'])(
    'gets no CORS headers for %s, preflight or call',
    async (origin) => {
      const checked = await preflight(origin);
      expect(checked.statusCode).not.toBe(204);
      expect(checked.headers['access-control-allow-origin']).toBeUndefined();
      expect(checked.headers['access-control-allow-headers']).toBeUndefined();
      const called = await injected.app.inject({ method: 'GET', url: '/api/restaurant/coreRestaurantData', headers: { ...identification, origin } });
      expect(called.statusCode).toBe(200);
      expect(called.headers['access-control-allow-origin']).toBeUndefined();
    },
  );

  it('is sent to the website, which calls its own origin without one', async () => {
    const called = await injected.app.inject({ method: 'GET', url: '/api/restaurant/coreRestaurantData', headers: identification });
    expect(called.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('covers only the API and the configuration, not the site’s pages', async () => {
    const page = await injected.app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'capacitor://localhost' } });
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
  });
});
