import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, loadConfig } from '../../src/server/config';

const root = resolve(import.meta.dirname, '../..');

describe('loadConfig', () => {
  it('gives the demo defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: resolve(root, 'data'),
      applicationKey: 'takeaway-web',
      siteKey: 'demo-site',
      identity: { mode: 'local', emulatorPort: 9230, region: 'eu-west-2' },
      payPal: { mode: 'local', fakePort: 9240, fakeUrl: undefined },
      analyticsMeasurementId: undefined,
      logLevel: 'info',
      acceptanceTimeoutSeconds: 600,
    });
  });

  it('reads the acceptance timeout', () => {
    expect(loadConfig({ ACCEPTANCE_TIMEOUT_SECONDS: '300' }).acceptanceTimeoutSeconds).toBe(300);
  });

  it('reads a production configuration', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgresql://takeaway:secret@db.internal:5432/takeaway',
      DATA_DIR: '/var/lib/takeaway',
      APPLICATION_KEY: 'web-live',
      SITE_KEY: 'golden-dragon',
      IDENTITY_MODE: 'cognito',
      COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz',
      COGNITO_CLIENT_ID: '4lq0vbr2kq4aefil4kpv3lhm1k',
      ANALYTICS_MEASUREMENT_ID: 'G-ABC123XYZ',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: 'postgresql://takeaway:secret@db.internal:5432/takeaway',
      dataDir: '/var/lib/takeaway',
      applicationKey: 'web-live',
      siteKey: 'golden-dragon',
      identity: { mode: 'cognito', userPoolId: 'eu-west-2_AbC123xyz', clientId: '4lq0vbr2kq4aefil4kpv3lhm1k', region: 'eu-west-2' },
      analyticsMeasurementId: 'G-ABC123XYZ',
      logLevel: 'warn',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '0' }, 'PORT'],
    [{ PORT: '65536' }, 'PORT'],
    [{ HOST: 'local host' }, 'HOST'],
    [{ DATABASE_URL: 'not-a-url' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'mysql://user@host/db' }, 'DATABASE_URL'],
    [{ APPLICATION_KEY: 'has space' }, 'APPLICATION_KEY'],
    [{ SITE_KEY: 'x'.repeat(201) }, 'SITE_KEY'],
    [{ IDENTITY_MODE: 'aws' }, 'IDENTITY_MODE'],
    [{ IDENTITY_MODE: 'cognito', COGNITO_CLIENT_ID: 'abc123' }, 'COGNITO_USER_POOL_ID'],
    [{ IDENTITY_MODE: 'cognito', COGNITO_USER_POOL_ID: 'eu-west-2_AbC123' }, 'COGNITO_CLIENT_ID'],
    [{ IDENTITY_MODE: 'cognito', COGNITO_USER_POOL_ID: 'us-east-1_AbC123', COGNITO_CLIENT_ID: 'abc123' }, 'COGNITO_USER_POOL_ID'],
    [{ COGNITO_REGION: 'europe' }, 'COGNITO_REGION'],
    [{ IDENTITY_EMULATOR_PORT: '-1' }, 'IDENTITY_EMULATOR_PORT'],
    [{ ANALYTICS_MEASUREMENT_ID: 'UA-12345-1' }, 'ANALYTICS_MEASUREMENT_ID'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ ACCEPTANCE_TIMEOUT_SECONDS: 'ten minutes' }, 'ACCEPTANCE_TIMEOUT_SECONDS'],
    [{ ACCEPTANCE_TIMEOUT_SECONDS: '0' }, 'ACCEPTANCE_TIMEOUT_SECONDS'],
    [{ ACCEPTANCE_TIMEOUT_SECONDS: '86401' }, 'ACCEPTANCE_TIMEOUT_SECONDS'],
  ])('refuses %o, naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigurationError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^${variable} `));
  });
});

describe('src/server/main.ts', () => {
  it('stops at start with a clear message and exit code 1 on a malformed setting', () => {
    const result = spawnSync(resolve(root, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: 'not-a-url' },
      encoding: 'utf8',
      timeout: 55_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Configuration error: DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(result.stdout).not.toContain('Serving');
  }, 60_000);
});
