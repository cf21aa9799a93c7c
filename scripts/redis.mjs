import { spawn } from 'node:child_process';
import { aptInstall, commandExists, freePort } from './process.mjs';

/**
 * The shared abuse budgets are tested on a real Redis: Debian's redis-server package, installed through apt when missing
 * as PostgreSQL and Chromium are. Returns whether redis-server is there.
 */
export function ensureRedis() {
  if (commandExists('redis-server')) return true;
  console.log("Redis is missing: installing Debian's redis-server package…");
  return aptInstall('redis-server') && commandExists('redis-server');
}

/**
 * A redis-server of its own on a spare loopback port (or `port`, to start one again where another was stopped), keeping
 * nothing on disk (no snapshots, no append-only file), as no test needs its counts beyond the run. Resolves once it accepts
 * connections, with its URL and a stop that waits for its exit.
 */
export async function startRedisServer({ port = undefined } = {}) {
  port ??= await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((ended) => child.once('exit', () => ended()));
  // Not left behind by a caller that exits without stopping it (a failed type check in `npm test`).
  const stopOnExit = () => child.kill('SIGTERM');
  process.once('exit', stopOnExit);
  void exited.then(() => process.off('exit', stopOnExit));
  let output = '';
  await new Promise((ready, failed) => {
    const read = (chunk) => {
      output += chunk.toString('utf8');
      if (output.includes('Ready to accept connections')) ready();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('error', failed);
    void exited.then(() => failed(new Error(`redis-server exited before it accepted connections:\n${output}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
