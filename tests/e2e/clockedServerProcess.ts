import { fork, type ChildProcess } from 'node:child_process';

// A server of a spec's own on the e2e build (clockedServer.ts), its clock set by the spec, so that what depends on the
// hour (ASAP, pre-orders, the automatic refusal) does not depend on when the tests run.

export interface ClockedServer {
  url: string;
  setClock(now: Date): Promise<void>;
  stop(): Promise<void>;
}

function answer<T>(server: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    server.once('message', (message) => resolve(message as T));
    server.once('exit', (code) => reject(new Error(`The clocked server exited (${code})`)));
  });
}

/**
 * Starts the server with `env` added to the test process's (ACCEPTANCE_TIMEOUT_SECONDS, say), its clock at `now` (by
 * default the moment it started, standing still until set).
 */
export async function forkClockedServer(now?: Date, env: Record<string, string> = {}): Promise<ClockedServer> {
  const server = fork('tests/e2e/clockedServer.ts', [], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env } });
  const { url } = await answer<{ url: string }>(server);
  const setClock = async (at: Date) => {
    const answered = answer(server);
    server.send({ now: at.toISOString() });
    await answered;
  };
  if (now) await setClock(now);
  return {
    url,
    setClock,
    stop: async () => {
      const stopped = new Promise((resolve) => server.once('exit', resolve));
      server.send({ stop: true });
      await stopped;
    },
  };
}
