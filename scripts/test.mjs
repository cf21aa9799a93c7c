// Every test, from a fresh clone: `npm install && npm test`.
// Installs what the tests need (Debian's Chromium, PostgreSQL and Redis), starts PostgreSQL so the data layer is tested on
// both databases and two servers on one database, and a Redis of its own for the budgets shared by two servers (stopped at
// the end), type-checks, lints, builds the site, then runs Vitest and Playwright.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSite } from './build-if-needed.mjs';
import { run, runOrExit } from './process.mjs';
import { ensureChromium, ensureHeadlessShell } from './chromium.mjs';
import { ensurePostgres, startTestPostgres } from './postgres.mjs';
import { ensureRedis, startRedisServer } from './redis.mjs';

// The last run's reports stay where `npm run paths` reads them (not under test-results/, which Playwright empties).
const reports = join('reports', 'last-test');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const vitestReport = join(reports, 'vitest.json');
const playwrightReport = join(reports, 'playwright.json');
const startedAt = new Date().toISOString();

ensureHeadlessShell();
ensureChromium();
const env = { ...process.env };
if (!env.TEST_DATABASE_URL) {
  const url = ensurePostgres() ? startTestPostgres() : undefined;
  if (!url) {
    console.error(
      'Could not start PostgreSQL for the tests. Run `apt-get install -y postgresql` as root, or set TEST_DATABASE_URL to a ' +
        'PostgreSQL server whose user may create databases, then `npm test` again.',
    );
    process.exit(1);
  }
  env.TEST_DATABASE_URL = url;
}
let redis;
if (!env.TEST_REDIS_URL) {
  redis = ensureRedis() ? await startRedisServer().catch((error) => console.error(error.message)) : undefined;
  if (!redis) {
    console.error(
      'Could not start Redis for the tests. Run `apt-get install -y redis-server` as root, or set TEST_REDIS_URL to a Redis or ' +
        'Valkey server the tests may write to (redis://host:port), then `npm test` again.',
    );
    process.exit(1);
  }
  env.TEST_REDIS_URL = redis.url;
}

// The split projects (tsconfig.json's references) and the lint that holds the imports one way (docs/architecture.md).
runOrExit('npx', ['tsc', '-b']);
runOrExit('npm', ['run', 'lint']);
buildSite();

const unitStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`], { env });
const e2eStatus = run('npx', ['playwright', 'test', '--reporter=list,json'], {
  env: { ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport },
});

await redis?.stop();

const counts = { passed: 0, failed: 0, skipped: 0 };
const flaky = [];
if (existsSync(vitestReport)) {
  const vitest = JSON.parse(readFileSync(vitestReport, 'utf8'));
  counts.passed += vitest.numPassedTests;
  counts.failed += vitest.numFailedTests;
  counts.skipped += vitest.numPendingTests + vitest.numTodoTests;
}
if (existsSync(playwrightReport)) {
  const report = JSON.parse(readFileSync(playwrightReport, 'utf8'));
  const { stats } = report;
  counts.passed += stats.expected + stats.flaky;
  counts.failed += stats.unexpected;
  counts.skipped += stats.skipped;
  flaky.push(...flakyTestsOf(report));
}
const failedRunner = unitStatus !== 0 || e2eStatus !== 0;
writeFileSync(join(reports, 'run.json'), `${JSON.stringify({ startedAt, finishedAt: new Date().toISOString(), passed: !failedRunner }, null, 2)}\n`);
for (const name of flaky) console.log(`flaky (failed, then passed on its retry): ${name}`);
console.log(`\nall tests: ${counts.passed} passed (${flaky.length} of them flaky), ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedRunner ? 1 : 0);

/** The browser tests that failed and then passed on their retry, by file, line and title, from Playwright's JSON report. */
function flakyTestsOf(report) {
  const found = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'flaky') found.push(`[${test.projectName}] ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, child.title && !child.title.endsWith('.ts') ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return found;
}
