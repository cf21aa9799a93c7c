import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './freePort';

const root = resolve(import.meta.dirname, '../..');

describe('tsx src/server/main.ts', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-lifecycle-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each(['SIGTERM', 'SIGINT'] as const)('serves, then closes cleanly on %s', async (signal) => {
    const port = await freePort();
    const child = spawn(resolve(root, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        IDENTITY_EMULATOR_PORT: String(await freePort()),
        PAYPAL_FAKE_PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
    let output = '';
    await new Promise<void>((resolveServing, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Serving the site at')) resolveServing();
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code} before serving: ${output}`)));
    });

    const response = await fetch(`http://127.0.0.1:${port}/api/restaurant/coreRestaurantData`, {
      headers: { 'x-application-key': 'takeaway-web', 'x-site-key': 'demo-site' },
    });
    expect(response.status).toBe(200);

    child.kill(signal);
    expect(await exited).toBe(0);
    expect(output).toContain(`${signal} received, closing`);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  }, 90_000);
});
