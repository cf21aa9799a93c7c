import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runOrExit(command, args, options = {}) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n${[command, ...args].join(' ')} failed with exit code ${status}.`);
    process.exit(status);
  }
}

export function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Runs a long-lived child and forwards termination signals to it, so Ctrl+C stops everything. */
export function serve(command, args, options = {}) {
  const child = spawn(command, args, { stdio: 'inherit', ...options });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}

/** A loopback port nothing listens on now: one the system gave a probe, which is then closed. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Installs a Debian package through apt (sudo when not root), apt's lists refreshed first; returns whether apt succeeded. */
export function aptInstall(name) {
  const asRoot = process.getuid?.() === 0;
  const apt = (args) => (asRoot ? run('apt-get', args) : run('sudo', ['-n', 'apt-get', ...args]));
  return apt(['update', '-qq']) === 0 && apt(['install', '-y', '-qq', name]) === 0;
}
