import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { identification, readyOrderUpdate } from './orderingServer';
import { startServer } from '../../src/server/main';
import { killServerProcesses, startServerProcess } from './serverProcess';
import { redisUnavailable, startTestRedis } from './testRedis';

// The server as `npm start` runs it (tsx on src/server/main.ts), in a child process of its own, told to stop as a process
// manager or Ctrl+C tells it while a customer's request is still arriving.

/** A POST whose body arrives in two parts, as from a slow phone connection; `finish` sends the rest and reads the answer. */
function slowPost(url: string, path: string, body: unknown) {
  const text = JSON.stringify(body);
  const half = Math.floor(text.length / 2);
  const outgoing = request(`${url}/api${path}`, {
    method: 'POST',
    headers: { ...identification, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
  });
  const answer = new Promise<{ status: number; body: any }>((resolveAnswer, reject) => {
    outgoing.once('error', reject);
    outgoing.once('response', (response) => {
      let received = '';
      response.on('data', (chunk: Buffer) => (received += chunk.toString()));
      response.once('end', () => resolveAnswer({ status: response.statusCode ?? 0, body: JSON.parse(received) }));
    });
  });
  outgoing.write(text.slice(0, half));
  return {
    finish() {
      outgoing.end(text.slice(half));
      return answer;
    },
  };
}

const pause = (ms: number) => new Promise((resolvePause) => setTimeout(resolvePause, ms));

describe('stopping the server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-shutdown-'));
  afterEach(killServerProcesses);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'on %s takes no new connections, answers the request in flight, exits 0, and a restart finds what it saved',
    async (signal) => {
      const first = await startServerProcess(dataDir);
      const created = await first.api('/OrderBuilder/create');
      expect(created.status).toBe(200);
      const basketId: string = created.body.data.basketId;
      const update = readyOrderUpdate(basketId, {
        name: `Stopped by ${signal}`,
        orderItems: [{ categoryId: 1, itemId: 109, quantity: 3, title: 'Mixed Starter for Two', itemCost: 0, lineCost: 0 }],
      });

      const inFlight = slowPost(first.url, '/orderbuilder/update', update);
      await pause(300);
      first.child.kill(signal);
      await pause(500);
      await expect(fetch(`${first.url}/healthz`)).rejects.toThrow();
      expect(first.child.exitCode).toBeNull();

      const answered = await inFlight.finish();
      expect(answered.status).toBe(200);
      expect(answered.body.data.order).toMatchObject({ basketId, name: `Stopped by ${signal}` });
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain(`${signal} received, closing once the requests in flight are answered`);

      const second = await startServerProcess(dataDir);
      expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
      const sqlite = new SqliteDatabase(join(dataDir, 'takeaway.sqlite'), { readonly: true });
      try {
        expect(sqlite.prepare('select name from baskets where basket_id = ?').get(basketId)).toEqual({ name: `Stopped by ${signal}` });
        expect(sqlite.prepare('select item_id, quantity from basket_lines where basket_id = ?').all(basketId)).toEqual([
          { item_id: 109, quantity: 3 },
        ]);
      } finally {
        sqlite.close();
      }
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    },
    90_000,
  );

  it('starts on a network address with ALLOW_LOCAL_IDENTITY_ON_NETWORK=1, warning that local identity tokens are forgeable', async () => {
    const server = await startServerProcess(dataDir, { HOST: '0.0.0.0', ALLOW_LOCAL_IDENTITY_ON_NETWORK: '1' });
    expect(server.output()).toContain(
      'Warning: local identity mode on 0.0.0.0, reachable from the network (ALLOW_LOCAL_IDENTITY_ON_NETWORK=1). Its tokens are forgeable',
    );
    expect((await fetch(server.url.replace('0.0.0.0', '127.0.0.1') + '/healthz')).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 90_000);

  const redisMissing = redisUnavailable();
  it.skipIf(redisMissing !== undefined)(
    `closes its connection to the Redis of the shared budgets (REDIS_URL) as it closes${redisMissing ? ` (skipped: ${redisMissing})` : ''}`,
    async () => {
      const redis = await startTestRedis();
      const observer = new Redis(redis.url);
      const ownDataDir = mkdtempSync(join(tmpdir(), 'api-shutdown-redis-'));
      try {
        // In this process, which would otherwise keep the connection open after the server closed.
        const server = await startServer(
          {
            port: 0,
            dataDir: ownDataDir,
            siteRoot: join(ownDataDir, 'no-site'),
            logLevel: 'silent',
            identity: { mode: 'local', emulatorPort: 0, region: 'eu-west-2' },
            payPal: { mode: 'local', fakePort: 0, fakeUrl: undefined },
            redisUrl: redis.url,
          },
          {},
        );
        const connectionName = `name=takeaway-budgets:${hostname()}:${process.pid} `;
        const serversConnections = async () =>
          ((await observer.client('LIST')) as string).split('\n').filter((line) => line.includes(connectionName));
        expect(await serversConnections()).toHaveLength(1);
        await server.close();
        expect(await serversConnections()).toEqual([]);
      } finally {
        observer.disconnect();
        await redis.stop();
        rmSync(ownDataDir, { recursive: true, force: true });
      }
    },
    90_000,
  );
});
