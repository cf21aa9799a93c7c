import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRuntimeConfig } from '../../src/platform/config';

// The server's /config.json as the app reads it from the origin its build names (docs/native-apps.md).
const served = {
  apiBaseUrl: '/api',
  applicationKey: 'takeaway-web',
  siteKey: 'demo-site',
  identity: { userPoolId: 'local_abc', userPoolClientId: 'client1', region: 'eu-west-2', endpoint: '/identity' },
  payPal: { clientId: 'local-sandbox-client', environment: 'sandbox', sdkBaseUrl: '/paypal-sandbox/sdk/js' },
  appVersion: '1.0.81',
  minimumAppVersion: '1.0.50',
};

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    response.writeHead(request.url === '/config.json' ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(served));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the native app's configuration", () => {
  it("comes from the server's origin, with its paths made whole addresses there", async () => {
    const config = await loadRuntimeConfig(undefined, origin);
    expect(config.apiBaseUrl).toBe(`${origin}/api`);
    expect(config.identity.endpoint).toBe(`${origin}/identity`);
    expect(config.payPal.sdkBaseUrl).toBe(`${origin}/paypal-sandbox/sdk/js`);
    expect(config.minimumAppVersion).toBe('1.0.50');
  });

  it("is the page's own on the website, as it was", async () => {
    const config = await loadRuntimeConfig(served);
    expect(config.apiBaseUrl).toBe('/api');
    expect(config.minimumAppVersion).toBe('1.0.50');
  });
});
