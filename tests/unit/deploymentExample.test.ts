import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig, type Environment } from '../../src/server/config';
import { filledInProductionExample, productionExample, readDeployFile } from './deploymentEnvironment';

// The reference deployment (docs/deployment.md, deploy/): every variable its environment file names is one the server
// reads and checks at start, and with the secrets filled in it starts in production shape, agreeing with compose.yaml and
// the Caddyfile.

const example = productionExample;
// Docker Compose reads `<<:` merge keys, as YAML 1.1 did.
const compose = parse(readDeployFile('compose.yaml'), { merge: true });
const caddyfile = readDeployFile('Caddyfile');
const directory = mkdtempSync(join(tmpdir(), 'deployment-example-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
const filledIn = () => filledInProductionExample(directory);

describe('the reference deployment for more than one server', () => {
  it('names in its environment file only variables the server reads at start', async () => {
    const env = await filledIn();
    const readNames = new Set<string>();
    const recording = new Proxy(env, {
      get(target, name) {
        if (typeof name === 'string') readNames.add(name);
        return target[name as string];
      },
    }) as Environment;
    loadConfig(recording, false);
    const unread = Object.keys(example).filter((name) => !readNames.has(name));
    expect(unread).toEqual([]);
  });

  it('starts in production shape once its secrets are filled in', async () => {
    const config = loadConfig(await filledIn(), false);
    expect(config).toMatchObject({
      host: '0.0.0.0',
      publicUrl: 'https://www.golden-dragon.example',
      identity: { mode: 'cognito' },
      payPal: { mode: 'paypal', environment: 'production' },
      fcm: { mode: 'fcm' },
      webPush: { mode: 'configured' },
      mail: { mode: 'smtp' },
      rateLimits: true,
      logFormat: 'json',
      localIdentityOnNetwork: false,
    });
    expect(new URL(config.databaseUrl!).protocol).toBe('postgres:');
    expect(config.redisUrl).toBeDefined();
    expect(config.trustProxy).not.toBe(false);
  });

  it('agrees with compose.yaml: two app servers on its file, one PostgreSQL, one Redis, Caddy as the one trusted proxy, a backup', () => {
    const services = compose.services as Record<string, any>;
    const appServers = Object.entries(services).filter(([, service]) => service.env_file === 'production.env' && service.command === undefined);
    expect(appServers.map(([name]) => name).sort()).toEqual(['app-1', 'app-2']);
    expect(new URL(example.DATABASE_URL).hostname).toBe('postgres');
    expect(services.postgres.image).toMatch(/^postgres:/);
    expect(new URL(example.REDIS_URL).hostname).toBe('redis');
    expect(services.redis.image).toMatch(/^(redis|valkey)/);
    expect(example.TRUST_PROXY.split(',')).toEqual([services.caddy.networks.app.ipv4_address]);
    expect(services.backup.env_file).toBe('production.env');
    expect(services.backup.command.join(' ')).toContain('npm run backup');
    const secretFile = /^\/run\/secrets\/(.+)$/.exec(example.FCM_SERVICE_ACCOUNT_FILE)?.[1];
    for (const [, server] of appServers) expect(server.secrets).toContain(secretFile);
  });

  it('gives both app servers, and the backup, one photos folder under DATA_DIR: a photo uploaded to one is served by the other', () => {
    const services = compose.services as Record<string, any>;
    const photosFolder = `${example.DATA_DIR}/media`;
    const volumeAt = (service: string, path: string) =>
      (services[service].volumes as string[]).map((mount) => mount.split(':')).find(([, target]) => target === path)?.[0];
    const shared = volumeAt('app-1', photosFolder);
    expect(shared).toBeDefined();
    expect(Object.keys(compose.volumes)).toContain(shared);
    expect(volumeAt('app-2', photosFolder)).toBe(shared);
    expect(volumeAt('backup', photosFolder)).toBe(shared);
    // Each server's own DATA_DIR is its own.
    expect(volumeAt('app-1', example.DATA_DIR)).not.toBe(volumeAt('app-2', example.DATA_DIR));
  });

  it('agrees with the Caddyfile: TLS for PUBLIC_URL, passing requests to both app servers on PORT', () => {
    expect(caddyfile).toMatch(new RegExp(`^${new URL(example.PUBLIC_URL).hostname.replaceAll('.', '\\.')} \\{`, 'm'));
    expect(caddyfile).toContain(`reverse_proxy app-1:${example.PORT} app-2:${example.PORT}`);
    expect(caddyfile).toContain('health_uri /readyz');
  });
});
