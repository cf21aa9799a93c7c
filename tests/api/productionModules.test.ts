import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { filledInProductionExample } from '../unit/deploymentEnvironment';
import { freePort } from './freePort';

// The local stand-ins (src/server/local/) are loaded through one seam, and only when a local mode is configured: a server
// started with the reference deployment's settings (deploy/production.env.example) loads none of them.

const root = resolve(import.meta.dirname, '../..');
const localFolder = pathToFileURL(join(root, 'src/server/local/')).href;
// A child process starting through tsx on a busy machine takes a while.
const START_TIMEOUT_MS = 120_000;
const directory = mkdtempSync(join(tmpdir(), 'production-modules-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The modules of src/server/local/ a server started with `env` has loaded once it serves (and answers the restaurant's core data). */
async function localModulesLoaded(name: string, env: Record<string, string>): Promise<string[]> {
  const modulesFile = join(directory, `${name}.modules`);
  const dataDir = join(directory, name);
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', './tests/api/recordLoadedModules.mjs', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, LOADED_MODULES_FILE: modulesFile, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(await freePort()), LOG_LEVEL: 'warn' },
  });
  try {
    let output = '';
    const url = await new Promise<string>((served, failed) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const serving = /Serving the site at (\S+)/.exec(output);
        if (serving !== null) served(serving[1]);
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => failed(new Error(`The server exited with ${code} before serving:\n${output}`)));
    });
    const coreData = await fetch(`${url}/api/restaurant/coreRestaurantData`, {
      headers: { 'x-application-key': env.APPLICATION_KEY, 'x-site-key': env.SITE_KEY },
    });
    expect(coreData.status).toBe(200);
  } finally {
    child.kill('SIGTERM');
  }
  return readFileSync(modulesFile, 'utf8')
    .split('\n')
    .filter((loaded) => loaded.startsWith(localFolder))
    .map((loaded) => loaded.slice(localFolder.length));
}

describe('the local stand-ins apart from production', () => {
  it('a server started with production settings loads no module under src/server/local/', async () => {
    const production = await filledInProductionExample(directory);
    // This machine's SQLite and memory budgets stand in for the deployment's PostgreSQL and Redis, which need not be running.
    const loaded = await localModulesLoaded('production', { ...production, DATABASE_URL: '', REDIS_URL: '' });
    expect(loaded).toEqual([]);
  }, START_TIMEOUT_MS);

  it('a local mode loads its stand-in through the one seam, and only the stand-ins configured', async () => {
    const production = await filledInProductionExample(directory);
    const loaded = await localModulesLoaded('paypal-local', { ...production, DATABASE_URL: '', REDIS_URL: '', PAYPAL_MODE: 'local', PAYPAL_FAKE_PORT: '0' });
    expect(loaded).toEqual(expect.arrayContaining(['standIns.ts', 'payPal/payPalFake.ts', 'payPal/sandboxProxy.ts']));
    expect(loaded).not.toContain('identity/emulator.ts');
    expect(loaded).not.toContain('fcm/fcmFake.ts');
  }, START_TIMEOUT_MS);
});
