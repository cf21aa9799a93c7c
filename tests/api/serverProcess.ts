import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import SqliteDatabase from 'better-sqlite3';
import { resolve } from 'node:path';
import { freePort } from './freePort';
import { identification, type Answer } from './orderingServer';

const root = resolve(import.meta.dirname, '../..');

/** The server as `npm start` runs it (tsx on src/server/main.ts), in a child process of its own. */
export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  url: string;
  /** The local identity emulator it started, for signing in as its staff. */
  identityEmulatorUrl: string;
  /** The exit code; null when a signal ended it unhandled. */
  exited: Promise<number | null>;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** An API call with the contract's identification headers (and `token` as its bearer): a GET, or a JSON POST when given a body. */
  api(path: string, body?: unknown, token?: string): Promise<Answer>;
}

const running = new Set<ServerProcess>();

/** A port taken between the probe that found it free and the server's listening: an outgoing connection may be given it. */
const START_ATTEMPTS = 3;

/**
 * Starts the server on `dataDir` (SQLite), on free loopback ports, with the local identity emulator and PayPal fake
 * (`env` may point PAYPAL_FAKE_URL at a fake that outlives it); resolves once it says it serves. A start that found one
 * of its ports taken is made again on others.
 */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnFreePorts(dataDir, env);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === START_ATTEMPTS) throw error;
    }
  }
}

class PortTaken extends Error {}

async function startOnFreePorts(dataDir: string, env: Record<string, string>): Promise<ServerProcess> {
  const identityEmulatorPort = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      IDENTITY_MODE: 'local',
      IDENTITY_EMULATOR_PORT: String(identityEmulatorPort),
      PAYPAL_MODE: 'local',
      PAYPAL_FAKE_PORT: '0',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      ...env,
    },
  });
  let output = '';
  const exited = new Promise<number | null>((ended) => child.once('exit', ended));
  const url = await new Promise<string>((served, failed) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const serving = /Serving the site at (\S+)/.exec(output);
      if (serving !== null) served(serving[1]);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => {
      const message = `The server exited with ${code} before serving:\n${output}`;
      failed(output.includes('EADDRINUSE') ? new PortTaken(message) : new Error(message));
    });
  });
  const server: ServerProcess = {
    child,
    url,
    identityEmulatorUrl: `http://127.0.0.1:${identityEmulatorPort}`,
    exited,
    output: () => output,
    async api(path, body, token) {
      const response = await fetch(`${url}/api${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          ...identification,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: await response.json() };
    },
  };
  running.add(server);
  void exited.finally(() => running.delete(server));
  return server;
}

/** SIGKILL for every server process still running: for a test's clean-up. */
export function killServerProcesses(): void {
  for (const server of running) server.child.kill('SIGKILL');
}

/**
 * A child's clock is the real one: the demo restaurant in `sqliteFile` is made open round the clock, from an hour ago,
 * every day, so that an ASAP collection can be placed whenever the test runs.
 */
export function openAroundNow(sqliteFile: string): void {
  const anHourAgo = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    Date.now() - 60 * 60_000,
  );
  const sqlite = new SqliteDatabase(sqliteFile);
  try {
    sqlite.transaction(() => {
      const restaurant = sqlite.prepare('select restaurant_id from restaurant order by restaurant_id limit 1').get() as { restaurant_id: number };
      sqlite.prepare('delete from opening_periods').run();
      const insert = sqlite.prepare('insert into opening_periods (restaurant_id, day, opens, closes) values (?, ?, ?, ?)');
      for (let day = 0; day < 7; day += 1) insert.run(restaurant.restaurant_id, day, anHourAgo, anHourAgo);
    })();
  } finally {
    sqlite.close();
  }
}
