import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer } from '../../src/server/main';
import { loadWebPushConfig } from '../../src/server/notifications/webPush/webPushConfig';

// The real server on the e2e build and a fresh database, its clock set by the test that forked it (tapBudget.spec.ts):
// `{ now }` sets the clock and is answered `{ now }`, `{ stop: true }` stops it. It answers `{ url }` once serving.
// A child process run by tsx, as `npm start` runs the server (Playwright's own loader does not resolve its imports).

type Message = { now: string } | { stop: true };

let now = new Date();
const dataDir = mkdtempSync(join(tmpdir(), 'clocked-server-'));
const server = await startServer(
  {
    host: '127.0.0.1',
    port: 0,
    dataDir,
    siteRoot: resolve('dist/site'),
    logLevel: 'silent',
    identity: { mode: 'local', emulatorPort: 0, region: 'eu-west-2' },
    payPal: { mode: 'local', fakePort: 0, fakeUrl: undefined },
    // WEB_PUSH_EXTRA_SERVICES: a test's loopback push service (webPush.spec.ts).
    webPush: loadWebPushConfig(process.env),
    clock: () => now,
    // A spec that needs the automatic refusal in seconds (acceptanceTimeout.spec.ts).
    ...(process.env.ACCEPTANCE_TIMEOUT_SECONDS ? { acceptanceTimeoutSeconds: Number(process.env.ACCEPTANCE_TIMEOUT_SECONDS) } : {}),
  },
  {},
);

process.on('message', (message: Message) => {
  if ('now' in message) {
    now = new Date(message.now);
    process.send!({ now: message.now });
    return;
  }
  void server.close().finally(() => {
    rmSync(dataDir, { recursive: true, force: true });
    // The IPC channel to the test keeps this process alive after the server has closed: end it here.
    process.exit(0);
  });
});
process.send!({ url: server.url });
