import { describe, expect, it } from 'vitest';
import { ConfigurationError, loadConfig } from '../../src/server/config';

const live = { PAYPAL_MODE: 'paypal', PAYPAL_CLIENT_ID: 'AbC-123_xyz', PAYPAL_CLIENT_SECRET: 'EFg-456_secret', PAYPAL_ENVIRONMENT: 'sandbox' };

describe('the PayPal settings', () => {
  it('run the loopback fake on 9240 by default', () => {
    expect(loadConfig({}).payPal).toEqual({ mode: 'local', fakePort: 9240, fakeUrl: undefined });
  });

  it('run the fake on any free port, or use one already running', () => {
    expect(loadConfig({ PAYPAL_FAKE_PORT: '0' }).payPal).toEqual({ mode: 'local', fakePort: 0, fakeUrl: undefined });
    expect(loadConfig({ PAYPAL_FAKE_URL: 'http://127.0.0.1:41234/' }).payPal).toEqual({
      mode: 'local',
      fakePort: 9240,
      fakeUrl: 'http://127.0.0.1:41234',
    });
  });

  it.each([
    ['sandbox', 'https://api-m.sandbox.paypal.com'],
    ['production', 'https://api-m.paypal.com'],
  ])('call PayPal’s %s API in paypal mode', (environment, apiBaseUrl) => {
    expect(loadConfig({ ...live, PAYPAL_ENVIRONMENT: environment }).payPal).toEqual({
      mode: 'paypal',
      clientId: 'AbC-123_xyz',
      clientSecret: 'EFg-456_secret',
      environment,
      apiBaseUrl,
    });
  });

  it('take another API base URL when given one', () => {
    expect(loadConfig({ ...live, PAYPAL_API_BASE_URL: 'http://127.0.0.1:9240' }).payPal).toMatchObject({ apiBaseUrl: 'http://127.0.0.1:9240' });
  });

  it.each(['live', 'Production', 'test'])('refuse the environment "%s" with a clear message', (environment) => {
    const load = () => loadConfig({ ...live, PAYPAL_ENVIRONMENT: environment });
    expect(load).toThrow(ConfigurationError);
    expect(load).toThrow(`PAYPAL_ENVIRONMENT must be production or sandbox, got "${environment}"`);
  });

  it.each([
    [{ ...live, PAYPAL_CLIENT_ID: undefined }, 'PAYPAL_CLIENT_ID is required when PAYPAL_MODE is paypal'],
    [{ ...live, PAYPAL_CLIENT_SECRET: '' }, 'PAYPAL_CLIENT_SECRET is required when PAYPAL_MODE is paypal'],
    [{ ...live, PAYPAL_ENVIRONMENT: undefined }, 'PAYPAL_ENVIRONMENT is required when PAYPAL_MODE is paypal'],
    [{ PAYPAL_MODE: 'stripe' }, 'PAYPAL_MODE must be "local" or "paypal", got "stripe"'],
    [{ PAYPAL_CLIENT_ID: 'has space' }, 'PAYPAL_CLIENT_ID must be'],
    [{ PAYPAL_API_BASE_URL: 'ftp://example.com' }, 'PAYPAL_API_BASE_URL must be an http:// or https:// URL'],
    [{ PAYPAL_FAKE_PORT: '65536' }, 'PAYPAL_FAKE_PORT must be a whole number from 0 to 65535'],
    [{ PAYPAL_FAKE_URL: 'localhost:9240' }, 'PAYPAL_FAKE_URL must be an http:// or https:// URL'],
  ])('refuse %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigurationError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never repeat the client secret in a refusal', () => {
    const load = () => loadConfig({ ...live, PAYPAL_CLIENT_SECRET: 'very secret value' });
    expect(load).toThrow('PAYPAL_CLIENT_SECRET must be');
    expect(load).not.toThrow('very secret value');
  });
});
