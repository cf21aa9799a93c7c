import { createConnection, createServer, type Socket } from 'node:net';
import { commandExists } from '../../scripts/process.mjs';
import { startRedisServer } from '../../scripts/redis.mjs';
import { freePort } from './freePort';

/** A Redis server for one test file, which the test may stop to see what the servers do without it. */
export interface TestRedis {
  url: string;
  /** Stops answering as a stopped Redis does: connections closed, new ones refused. */
  stop(): Promise<void>;
  /** Answers again at the same URL after `stop`: a Redis started again (its counts gone, as none are kept on disk). */
  restart(): Promise<void>;
}

/** Why Redis tests cannot run here, or undefined when they can: redis-server on PATH, or TEST_REDIS_URL. */
export function redisUnavailable(): string | undefined {
  if (commandExists('redis-server') || process.env.TEST_REDIS_URL) return undefined;
  return (
    'neither redis-server is on PATH nor TEST_REDIS_URL set: `npm test` installs Debian\'s redis-server and sets it; otherwise ' +
    '`apt-get install -y redis-server`, or set TEST_REDIS_URL=redis://host:port to a Redis or Valkey server'
  );
}

/**
 * A redis-server of the test's own on a free loopback port, without persistence, stopped by the test; where there is no
 * redis-server, TEST_REDIS_URL's server behind a loopback relay, which the test closes to "stop" it (it is not the test's
 * to stop).
 */
export async function startTestRedis(): Promise<TestRedis> {
  return commandExists('redis-server') ? ownRedisServer() : relayTo(new URL(process.env.TEST_REDIS_URL!));
}

async function ownRedisServer(): Promise<TestRedis> {
  let server = await startRedisServer();
  const { port } = new URL(server.url);
  return {
    url: server.url,
    stop: () => server.stop(),
    async restart() {
      server = await startRedisServer({ port: Number(port) });
    },
  };
}

async function relayTo(target: URL): Promise<TestRedis> {
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const upstream = createConnection({ host: target.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(target.port || 6379) });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const port = await freePort();
  const listen = () => new Promise<void>((listening) => relay.listen(port, '127.0.0.1', listening));
  await listen();
  const url = new URL(target.href);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.href,
    async stop() {
      const closed = new Promise<void>((done) => relay.close(() => done()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restart: listen,
  };
}
