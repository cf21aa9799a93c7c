import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../src/server/config';
import { LOCAL_PAYPAL_CLIENT_ID, startPayPalFake, type PayPalFake } from '../../src/server/local/payPal/payPalFake';
import { payPalSdkScript } from '../../src/server/local/payPal/sdkScript';
import { startServer, type RunningServer } from '../../src/server/main';

// Local mode's PayPal as the browser meets it: the sandbox block of /config.json, and the loopback fake behind
// the site's own /paypal-sandbox path. And PayPal mode: no fake, the environment and client id configured.

const orderRequest = {
  intent: 'AUTHORIZE',
  purchase_units: [{ reference_id: 'basket-1', custom_id: 'basket-1', amount: { currency_code: 'GBP', value: '13.90' } }],
};

let dataDir: string;
const running: RunningServer[] = [];

async function serve(payPal: ServerConfig['payPal']): Promise<RunningServer> {
  const server = await startServer(
    {
      port: 0,
      dataDir: mkdtempSync(join(dataDir, 'server-')),
      siteRoot: join(dataDir, 'no-site'),
      logLevel: 'silent',
      identity: { mode: 'local', emulatorPort: 0, region: 'eu-west-2' },
      payPal,
    },
    {},
  );
  running.push(server);
  return server;
}

const configOf = async (server: RunningServer) => (await (await fetch(`${server.url}/config.json`)).json()).payPal;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'paypal-sandbox-test-'));
});

afterAll(async () => {
  for (const server of running) await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('local mode', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await serve({ mode: 'local', fakePort: 0, fakeUrl: undefined });
  });

  it('tells the browser to load the sandbox SDK from the site', async () => {
    expect(await configOf(server)).toEqual({ clientId: LOCAL_PAYPAL_CLIENT_ID, environment: 'sandbox', sdkBaseUrl: '/paypal-sandbox/sdk/js' });
  });

  it('serves the fake SDK at /paypal-sandbox/sdk/js', async () => {
    const response = await fetch(`${server.url}/paypal-sandbox/sdk/js?client-id=${LOCAL_PAYPAL_CLIENT_ID}&currency=GBP&intent=authorize`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(await response.text()).toBe(payPalSdkScript());
  });

  it('reaches the fake that the server itself pays with, for creating, approving and failing orders', async () => {
    const created = await fetch(`${server.url}/paypal-sandbox/v2/checkout/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${LOCAL_PAYPAL_CLIENT_ID}`, 'content-type': 'application/json' },
      body: JSON.stringify(orderRequest),
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const approved = await fetch(`${server.url}/paypal-sandbox/fake/orders/${id}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ paymentSource: 'paypal' }),
    });
    expect(approved.status).toBe(200);
    expect(server.payPalFakeControl?.orders().orders).toEqual([expect.objectContaining({ id, status: 'APPROVED' })]);

    const told = await fetch(`${server.url}/paypal-sandbox/fake/failures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'sdk', mode: 'unreachable' }),
    });
    expect(told.status).toBe(204);
    expect((await fetch(`${server.url}/paypal-sandbox/sdk/js`)).status).toBe(503);
  });
});

describe('local mode with PAYPAL_FAKE_URL', () => {
  let fake: PayPalFake;
  beforeAll(async () => {
    fake = await startPayPalFake();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('starts no fake of its own, proxies to the one named, which outlives the server', async () => {
    const server = await serve({ mode: 'local', fakePort: 0, fakeUrl: fake.url });
    expect(server.payPalFakeUrl).toBe(fake.url);
    expect(server.payPalFakeControl).toBeUndefined();
    expect((await fetch(`${server.url}/paypal-sandbox/sdk/js`)).status).toBe(200);
    await server.close();
    expect(fake.control.orders().performed.sdk).toBe(1);
    expect((await fetch(`${fake.url}/sdk/js`)).status).toBe(200);
  });
});

describe('PayPal mode', () => {
  it('gives the browser the configured client id and environment, and no sandbox', async () => {
    const server = await serve({
      mode: 'paypal',
      clientId: 'live-client-id',
      clientSecret: 'live-secret',
      environment: 'production',
      apiBaseUrl: 'http://127.0.0.1:9',
    });
    expect(await configOf(server)).toEqual({ clientId: 'live-client-id', environment: 'production' });
    expect(server.payPalFakeUrl).toBeUndefined();
    // No fake SDK: the path is only a page path like any other (docs/interfaces.md), never PayPal's script.
    const sdk = await fetch(`${server.url}/paypal-sandbox/sdk/js`);
    expect(sdk.headers.get('content-type')).not.toMatch(/javascript/);
    expect(await sdk.text()).not.toContain('paypal');
  });
});
