import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig, type Environment } from '../../src/server/config';

// The reference deployment (docs/deployment.md, deploy/): every variable its environment file names is one the server
// reads and checks at start, and with the secrets filled in it starts in production shape, agreeing with compose.yaml and
// the Caddyfile.

const deploy = new URL('../../deploy/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, deploy), 'utf8');

/** KEY=value lines, as Docker Compose's env_file reads them (no quotes, no expansion), comments and blank lines left out. */
function parseEnvFile(text: string): Record<string, string> {
  const entries = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const equals = line.indexOf('=');
      if (equals < 1) throw new Error(`"${line}" is not KEY=value`);
      return [line.slice(0, equals), line.slice(equals + 1)] as const;
    });
  return Object.fromEntries(entries);
}

const example = parseEnvFile(read('production.env.example'));
// Docker Compose reads `<<:` merge keys, as YAML 1.1 did.
const compose = parse(read('compose.yaml'), { merge: true });
const caddyfile = read('Caddyfile');
const directory = mkdtempSync(join(tmpdir(), 'deployment-example-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The example with its secrets replaced by test values of the right shape: the Firebase key file and the VAPID keys. */
async function filledIn(): Promise<Record<string, string>> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const keyFile = join(directory, 'fcm-service-account.json');
  writeFileSync(
    keyFile,
    JSON.stringify({
      type: 'service_account',
      project_id: 'golden-dragon-leeds',
      private_key: await exportPKCS8(privateKey),
      client_email: 'firebase-adminsdk-x1y2z@golden-dragon-leeds.iam.gserviceaccount.com',
      token_uri: 'https://oauth2.googleapis.com/token',
    }),
  );
  const vapid = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = vapid.privateKey.export({ format: 'jwk' });
  const publicKey = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]).toString('base64url');
  return { ...example, FCM_SERVICE_ACCOUNT_FILE: keyFile, VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: jwk.d! };
}

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

  it('agrees with the Caddyfile: TLS for PUBLIC_URL, passing requests to both app servers on PORT', () => {
    expect(caddyfile).toMatch(new RegExp(`^${new URL(example.PUBLIC_URL).hostname.replaceAll('.', '\\.')} \\{`, 'm'));
    expect(caddyfile).toContain(`reverse_proxy app-1:${example.PORT} app-2:${example.PORT}`);
    expect(caddyfile).toContain('health_uri /readyz');
  });
});
