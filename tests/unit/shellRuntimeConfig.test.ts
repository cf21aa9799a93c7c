import { describe, expect, it } from 'vitest';
import { ConfigError, parseRuntimeConfig } from '../../src/platform/config';

const served = {
  apiBaseUrl: '/api',
  applicationKey: 'takeaway-web',
  siteKey: 'demo-site',
  identity: { userPoolId: 'local_abc', userPoolClientId: 'client1', region: 'eu-west-2', endpoint: '/identity' },
  payPal: { clientId: 'local-sandbox-client', environment: 'sandbox', sdkBaseUrl: '/paypal-sandbox/sdk/js' },
  appVersion: '1.0.81',
};

describe('the runtime configuration', () => {
  it('reads what the server serves at /config.json, with analytics off by default', () => {
    expect(parseRuntimeConfig(served)).toEqual({ ...served, analyticsMeasurementId: undefined, analyticsRecorder: false });
  });

  it('keeps a measurement id and the test recorder flag only when given', () => {
    const config = parseRuntimeConfig({ ...served, analyticsMeasurementId: 'G-1', analyticsRecorder: true });
    expect(config.analyticsMeasurementId).toBe('G-1');
    expect(config.analyticsRecorder).toBe(true);
    expect(parseRuntimeConfig({ ...served, analyticsRecorder: 'yes' }).analyticsRecorder).toBe(false);
  });

  it('reads PayPal\'s settings, without an SDK address when PayPal\'s own is used', () => {
    const payPal = { clientId: 'live-client', environment: 'production' };
    expect(parseRuntimeConfig({ ...served, payPal }).payPal).toEqual(payPal);
  });

  it.each([
    [null, '/config.json is not an object'],
    [{ ...served, apiBaseUrl: '' }, 'apiBaseUrl is missing from /config.json'],
    [{ ...served, identity: undefined }, 'identity is missing from /config.json'],
    [{ ...served, identity: { ...served.identity, region: 3 } }, 'identity.region is missing from /config.json'],
    [{ ...served, payPal: undefined }, 'payPal is missing from /config.json'],
    [{ ...served, payPal: { ...served.payPal, clientId: '' } }, 'payPal.clientId is missing from /config.json'],
    [{ ...served, payPal: { ...served.payPal, environment: 'live' } }, 'payPal.environment must be production or sandbox, got "live"'],
    [{ ...served, payPal: { clientId: 'c' } }, 'payPal.environment must be production or sandbox, got undefined'],
  ])('refuses %j with a clear message', (body, message) => {
    expect(() => parseRuntimeConfig(body)).toThrow(new ConfigError(message));
  });
});
