import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseLogFormat, ConfigurationError, fastifyTrustProxy, isLoopbackHost, loadConfig } from '../../src/server/config';

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
      localIdentityOnNetwork: false,
      trustProxy: false,
      rateLimits: true,
    });
  });

  it('writes readable lines to a terminal and JSON lines elsewhere, unless LOG_FORMAT says which', () => {
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
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
      LOG_FORMAT: 'json',
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
      logFormat: 'json',
      localIdentityOnNetwork: false,
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
    [{ LOG_FORMAT: 'text' }, 'LOG_FORMAT'],
    [{ HOST: '127.0.0.1', ALLOW_LOCAL_IDENTITY_ON_NETWORK: 'yes' }, 'ALLOW_LOCAL_IDENTITY_ON_NETWORK'],
    [{ ACCEPTANCE_TIMEOUT_SECONDS: 'ten minutes' }, 'ACCEPTANCE_TIMEOUT_SECONDS'],
    [{ ACCEPTANCE_TIMEOUT_SECONDS: '0' }, 'ACCEPTANCE_TIMEOUT_SECONDS'],
    [{ ACCEPTANCE_TIMEOUT_SECONDS: '86401' }, 'ACCEPTANCE_TIMEOUT_SECONDS'],
  ])('refuses %o, naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigurationError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^${variable} `));
  });
});

describe('chooseLogFormat', () => {
  it.each([
    [undefined, true, 'pretty'],
    [undefined, false, 'json'],
    ['json', true, 'json'],
    ['pretty', false, 'pretty'],
  ] as const)('LOG_FORMAT %s with a terminal %s: %s', (requested, outputIsTerminal, format) => {
    expect(chooseLogFormat(requested, outputIsTerminal)).toBe(format);
  });

  it('refuses anything but pretty or json', () => {
    expect(() => chooseLogFormat('JSON', false)).toThrow(new ConfigurationError('LOG_FORMAT must be pretty or json, got "JSON"'));
  });
});

describe('local identity on a network address', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', 'localhost', 'LOCALHOST'])(
    'counts %s as loopback',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
    },
  );

  it.each(['0.0.0.0', '::', '192.168.1.20', '128.0.0.1', '10.0.0.1', 'fe80::1', 'takeaway.example', 'localhost.example'])(
    'counts %s as reachable from the network',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
    },
  );

  it('refuses to listen beyond loopback, saying why: the tokens are forgeable', () => {
    for (const env of [{ HOST: '0.0.0.0' }, { HOST: '192.168.1.20', ALLOW_LOCAL_IDENTITY_ON_NETWORK: '0' }, { HOST: '::', IDENTITY_MODE: 'local' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigurationError);
      expect(() => loadConfig(env)).toThrow(/^HOST \S+ is not a loopback address, and IDENTITY_MODE is local: .* tokens are forgeable/);
      expect(() => loadConfig(env)).toThrow(/ALLOW_LOCAL_IDENTITY_ON_NETWORK=1/);
    }
  });

  it('listens there when ALLOW_LOCAL_IDENTITY_ON_NETWORK=1 says the owner knows, marked for a warning at start', () => {
    const config = loadConfig({ HOST: '0.0.0.0', ALLOW_LOCAL_IDENTITY_ON_NETWORK: '1' });
    expect(config).toMatchObject({ host: '0.0.0.0', identity: { mode: 'local' }, localIdentityOnNetwork: true });
  });

  it('needs nothing with a real user pool or on loopback', () => {
    const cognito = { IDENTITY_MODE: 'cognito', COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz', COGNITO_CLIENT_ID: 'abc123' };
    expect(loadConfig({ ...cognito, HOST: '0.0.0.0' }).localIdentityOnNetwork).toBe(false);
    expect(loadConfig({ HOST: '127.0.0.1', ALLOW_LOCAL_IDENTITY_ON_NETWORK: '1' }).localIdentityOnNetwork).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, so that a client cannot name its own address', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
  });

  it('reads a number of proxies, believed as Fastify counts hops from the connection', () => {
    const hops = loadConfig({ TRUST_PROXY: '2' }).trustProxy;
    expect(hops).toBe(2);
    const trusted = fastifyTrustProxy(hops) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trusted('10.0.0.1', hop))).toEqual([true, true, false]);
  });

  it('reads a comma-separated list of proxy addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.10,fd00::/8,::1' }).trustProxy).toEqual(['10.0.0.0/8', '192.0.2.10', 'fd00::/8', '::1']);
  });

  it.each(['true', '0', '11', 'proxy.internal', '10.0.0.0/33', '10.0.0.1/8/8', '10.0.0.0/8,', 'fd00::/129'])('refuses %s, naming the variable', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigurationError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/^TRUST_PROXY must be /);
  });
});

describe('RATE_LIMITS', () => {
  it('keeps the abuse limits on unless turned off, for load tests', () => {
    expect(loadConfig({ RATE_LIMITS: 'on' }).rateLimits).toBe(true);
    expect(loadConfig({ RATE_LIMITS: 'off' }).rateLimits).toBe(false);
  });

  it('refuses anything but on or off', () => {
    expect(() => loadConfig({ RATE_LIMITS: 'false' })).toThrow(new ConfigurationError('RATE_LIMITS must be on or off, got "false"'));
  });
});

describe('REDIS_URL', () => {
  it('keeps the budgets in memory when unset, and reads a Redis or Valkey URL, with TLS, a password and a database', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: '' }).redisUrl).toBeUndefined();
    for (const url of ['redis://127.0.0.1:6379', 'redis://:s3cret@cache.internal:6379/2', 'rediss://takeaway:s3cret@cache.internal/15', 'redis://[fd00::5]:6379/']) {
      expect(loadConfig({ REDIS_URL: url }).redisUrl).toBe(url);
    }
  });

  it('refuses anything else with a clear message that never repeats its password', () => {
    const refusals: Array<[string, string]> = [
      ['cache.internal:6379', 'REDIS_URL must be a redis:// or rediss:// (TLS) URL such as redis://:password@10.0.0.5:6379/0, got the scheme "cache.internal:"'],
      ['http://:s3cret@cache.internal:6379', 'REDIS_URL must be a redis:// or rediss:// (TLS) URL such as redis://:password@10.0.0.5:6379/0, got the scheme "http:"'],
      ['not a url :s3cret', 'REDIS_URL must be a redis:// or rediss:// (TLS) URL such as redis://:password@10.0.0.5:6379/0, and it is not a URL'],
      ['redis://:s3cret@cache.internal:6379/16', 'REDIS_URL\'s path must be a database number from 0 to 15 and nothing after it, got "redis://cache.internal:6379/16"'],
      ['redis://:s3cret@cache.internal/0?tls=1', 'REDIS_URL\'s path must be a database number from 0 to 15 and nothing after it, got "redis://cache.internal/0?tls=1"'],
      ['redis:///0', 'REDIS_URL must name a host, got "redis:///0"'],
    ];
    for (const [value, message] of refusals) {
      expect(() => loadConfig({ REDIS_URL: value })).toThrow(new ConfigurationError(message));
      expect(message).not.toContain('s3cret');
    }
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

  it('stops at start in local identity mode on a network address without ALLOW_LOCAL_IDENTITY_ON_NETWORK', () => {
    const result = spawnSync(resolve(root, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
      cwd: root,
      env: { ...process.env, HOST: '0.0.0.0', IDENTITY_MODE: '', ALLOW_LOCAL_IDENTITY_ON_NETWORK: '', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 55_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Configuration error: HOST 0.0.0.0 is not a loopback address');
    expect(result.stdout).not.toContain('Serving');
  }, 60_000);
});

describe('the printing configuration (docs/printing.md)', () => {
  it('starts the loopback printer in local mode, on any free port unless told, and none in network mode', () => {
    expect(loadConfig({}).printing).toEqual({ mode: 'local', loopbackPort: 0 });
    expect(loadConfig({ LOOPBACK_PRINTER_PORT: '9100' }).printing).toEqual({ mode: 'local', loopbackPort: 9100 });
    expect(loadConfig({ PRINTING_MODE: 'network' }).printing).toEqual({ mode: 'network' });
    expect(() => loadConfig({ PRINTING_MODE: 'usb' })).toThrow(new ConfigurationError('PRINTING_MODE must be "local" or "network", got "usb"'));
    expect(() => loadConfig({ LOOPBACK_PRINTER_PORT: '70000' })).toThrow(ConfigurationError);
  });
});
