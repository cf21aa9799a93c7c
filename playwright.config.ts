import { defineConfig } from '@playwright/test';
import { chromiumPath, headlessShellPath } from './scripts/chromium.mjs';

// Ports of their own, so that the tests run beside `npm start` (8080, 9230, 9240). E2E_PORT_OFFSET moves them all, so
// that two checkouts on one machine can run their browser tests at once.
const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
const SITE_PORT = 8181 + PORT_OFFSET;
const IDENTITY_EMULATOR_PORT = 9329 + PORT_OFFSET;
const PAYPAL_FAKE_PORT = 9341 + PORT_OFFSET;

/** The real server on a fresh database and identity pool, removed afterwards. */
function serverCommand(): string {
  return [
    `dataDir="$(mktemp -d -t takeaway-e2e-XXXXXX)"`,
    `trap 'rm -rf "$dataDir"' EXIT INT TERM`,
    `DATA_DIR="$dataDir" npx tsx src/server/main.ts`,
  ].join(' && ');
}

// Playwright cannot download its browsers here: Debian's are used (scripts/chromium.mjs installs them). The tests run in
// Chrome's headless shell, as Playwright's own headless tests do (three times cheaper per test than the whole browser:
// README, "Commands"); web push needs the whole browser, whose notifications the shell does not have.
const WHOLE_BROWSER_SPECS = /webPush\.spec\.ts$/;
const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  // One retry: on two shared cores a test can lose a race once in a few hundred runs. A test that fails and then passes
  // is counted and named as flaky by `npm test` (scripts/test.mjs), never passed over in silence; one that fails twice fails the run.
  retries: 1,
  // Measured on this kind of machine (2 cores) with the whole suite running: a page that renders in a second alone can
  // take ten while the other worker's browser and servers share the CPU, so tests wait longer than they usually need.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${SITE_PORT}`,
    browserName: 'chromium',
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    // A trace records every action's screenshot and DOM snapshot, kept or not: on 2 cores it nearly doubled the suite
    // (two specs: 2.3 min with, 1.3 without). A failure keeps a screenshot; `--trace retain-on-failure` brings traces back.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: headlessShellPath, args: BROWSER_ARGS },
  },
  projects: [
    { name: 'site', testIgnore: WHOLE_BROWSER_SPECS },
    { name: 'whole-browser', testMatch: WHOLE_BROWSER_SPECS, use: { launchOptions: { executablePath: chromiumPath, args: BROWSER_ARGS } } },
  ],
  webServer: [
    {
      // The site is built first when stale.
      command: `node -e "import('./scripts/build-if-needed.mjs').then((build) => build.buildSiteIfNeeded())" && ${serverCommand()}`,
      url: `http://127.0.0.1:${SITE_PORT}/config.json`,
      env: {
        PORT: String(SITE_PORT),
        HOST: '127.0.0.1',
        IDENTITY_EMULATOR_PORT: String(IDENTITY_EMULATOR_PORT),
        PAYPAL_FAKE_PORT: String(PAYPAL_FAKE_PORT),
        LOG_LEVEL: 'warn',
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
