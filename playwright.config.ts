import { defineConfig } from '@playwright/test';

// Ports of their own, so that the tests run beside `npm start` (8080, 9229).
const SITE_PORT = 8181;
const IDENTITY_EMULATOR_PORT = 9329;

// Playwright cannot download its browser here: Debian's Chromium is used (scripts/chromium.mjs installs it).
const CHROMIUM_PATH = '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${SITE_PORT}`,
    browserName: 'chromium',
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The real server on a fresh database and identity pool, removed afterwards; the site is built first when stale.
    command: [
      `node -e "import('./scripts/build-if-needed.mjs').then((build) => build.buildSiteIfNeeded())"`,
      `dataDir="$(mktemp -d -t takeaway-e2e-XXXXXX)"`,
      `trap 'rm -rf "$dataDir"' EXIT INT TERM`,
      `DATA_DIR="$dataDir" npx tsx src/server/main.ts`,
    ].join(' && '),
    url: `http://127.0.0.1:${SITE_PORT}/config.json`,
    env: { PORT: String(SITE_PORT), HOST: '127.0.0.1', IDENTITY_EMULATOR_PORT: String(IDENTITY_EMULATOR_PORT), LOG_LEVEL: 'warn' },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
