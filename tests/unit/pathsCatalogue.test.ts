import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { getShortestPaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import type { PathSet } from '../paths/catalogue';
import { allPathSets, REPOSITORY_ROOT, statechartFiles } from '../paths/registry';
import { htmlReport, pathRows, textReport, type LastRun, type PlaywrightReport, type VitestReport } from '../paths/report';

describe('the catalogue of generated statechart paths', () => {
  const sets = allPathSets();

  it('finds every statechart in machines/', () => {
    expect(statechartFiles()).toEqual(expect.arrayContaining(['machines/basket/basketMachine.ts', 'machines/kitchen/kitchenAlertMachine.ts', 'machines/kitchen/kitchenBoardMachine.ts']));
  });

  it.each(statechartFiles())('%s has its paths run in the machine', (machine) => {
    const machineSets = sets.filter((set) => set.machine === machine && set.where === 'machine');
    expect(machineSets.length, `a set of ${machine}'s paths in tests/machines/ and in tests/paths/registry.ts`).toBeGreaterThan(0);
    for (const set of machineSets) expect(set.paths.length, set.suite).toBeGreaterThan(0);
  });

  it.each(['basket', 'acceptance', 'tracking', 'payment', 'auth'])('the %s statechart has its paths run through the real UI', (name) => {
    const browserSets = sets.filter((set) => set.machine === `machines/${name}/${name}Machine.ts` && set.where === 'browser');
    expect(browserSets.length).toBeGreaterThan(0);
    for (const set of browserSets) expect(set.paths.length, set.suite).toBeGreaterThan(0);
  });

  it('names statecharts and test files that exist, browser paths in Playwright specs and machine paths in Vitest tests', () => {
    for (const set of sets) {
      expect(existsSync(join(REPOSITORY_ROOT, set.machine)), set.machine).toBe(true);
      expect(existsSync(join(REPOSITORY_ROOT, set.testFile)), set.testFile).toBe(true);
      expect(set.testFile, set.suite).toMatch(set.where === 'browser' ? /^tests\/e2e\/.*\.spec\.ts$/ : /^tests\/machines\/.*\.test\.ts$/);
    }
  });

  it('names each path once among the tests of its describe block, so that a result belongs to one path', () => {
    const seen = new Map<string, string>();
    for (const set of sets) {
      for (const { name } of set.paths) {
        const test = `${set.where} ${set.testFile} › ${set.suite} › ${name}`;
        expect(seen.has(test), test).toBe(false);
        seen.set(test, name);
      }
    }
  });
});

// A lamp that can be switched on and off, and broken while on: three shortest paths.
const lamp = createMachine({
  id: 'lamp',
  initial: 'off',
  states: { off: { on: { SWITCH: 'on' } }, on: { on: { SWITCH: 'off', BREAK: 'broken' } }, broken: {} },
});
const lampPaths = getShortestPaths(lamp, { events: [{ type: 'SWITCH' }, { type: 'BREAK' }] });
const named = lampPaths.map((path) => ({ name: path.steps.slice(1).map((step) => step.event.type).join(' → ') || 'start', path }));
const lampSets: PathSet[] = [
  { machine: 'machines/lamp/lampMachine.ts', where: 'machine', testFile: 'tests/machines/lamp.paths.test.ts', suite: 'lamp <paths> & more', paths: named },
  { machine: 'machines/lamp/lampMachine.ts', where: 'browser', testFile: 'tests/e2e/lampPaths.spec.ts', suite: 'lamp through the UI', paths: named },
];

const assertion = (ancestorTitles: string[], title: string, status: string) => ({
  ancestorTitles,
  fullName: [...ancestorTitles, title].join(' '),
  status,
  title,
  duration: 1.5,
  failureMessages: status === 'failed' ? ['AssertionError: expected 1 to be 2'] : [],
  meta: {},
});

// The shape of `vitest run --reporter=json`: file paths are absolute.
const vitestReport = {
  numTotalTests: 5,
  startTime: Date.UTC(2026, 10, 20, 18, 30),
  success: false,
  testResults: [
    {
      name: '/home/ci/takeaway/tests/machines/lamp.paths.test.ts',
      status: 'failed',
      startTime: Date.UTC(2026, 10, 20, 18, 30),
      assertionResults: [
        assertion(['lamp <paths> & more'], 'reach every state', 'passed'),
        assertion(['lamp <paths> & more'], 'start', 'passed'),
        assertion(['lamp <paths> & more'], 'SWITCH', 'failed'),
      ],
    },
    {
      // The same describe and title in another file is another test.
      name: '/home/ci/takeaway/tests/machines/otherLamp.paths.test.ts',
      status: 'passed',
      assertionResults: [assertion(['lamp <paths> & more'], 'SWITCH → BREAK', 'passed')],
    },
  ],
};

const spec = (title: string, statuses: string[]) => ({
  title,
  ok: !statuses.includes('unexpected'),
  file: 'lampPaths.spec.ts',
  tests: statuses.map((status, index) => ({
    projectName: ['site', 'mobile'][index],
    status,
    results: [{ status: status === 'unexpected' ? 'failed' : status === 'skipped' ? 'skipped' : 'passed', retry: 0 }],
  })),
});

// The shape of Playwright's JSON reporter: a suite per file (files from rootDir), a suite per describe inside it.
const playwrightReport = {
  config: { rootDir: '/home/ci/takeaway/tests/e2e' },
  stats: { startTime: '2026-11-20T18:35:00.000Z', expected: 2, unexpected: 1, flaky: 0, skipped: 1 },
  suites: [
    {
      title: 'lampPaths.spec.ts',
      file: 'lampPaths.spec.ts',
      specs: [spec('start', ['unexpected'])],
      suites: [
        {
          title: 'lamp through the UI',
          file: 'lampPaths.spec.ts',
          specs: [spec('start', ['expected', 'flaky']), spec('SWITCH', ['expected', 'unexpected']), spec('SWITCH → BREAK', ['skipped'])],
        },
      ],
    },
  ],
};

const lastRun: LastRun = {
  vitest: { source: 'reports/last-test/vitest.json', report: vitestReport satisfies VitestReport },
  playwright: { source: 'reports/last-test/playwright.json', report: playwrightReport satisfies PlaywrightReport },
};

describe("QA's report of the paths and the last run", () => {
  it('marks each path passed, failed or not run from its own test in the Vitest and the Playwright report', () => {
    const results = pathRows(lampSets, lastRun).map((row) => [row.where, row.name, row.result, row.runStartedAt]);
    expect(results).toEqual([
      ['machine', 'start', 'passed', '2026-11-20T18:30:00.000Z'],
      ['machine', 'SWITCH', 'failed', '2026-11-20T18:30:00.000Z'],
      ['machine', 'SWITCH → BREAK', 'not run', '2026-11-20T18:30:00.000Z'],
      ['browser', 'start', 'passed', '2026-11-20T18:35:00.000Z'],
      ['browser', 'SWITCH', 'failed', '2026-11-20T18:35:00.000Z'],
      ['browser', 'SWITCH → BREAK', 'not run', '2026-11-20T18:35:00.000Z'],
    ]);
  });

  it('lists every step of a path: the event and the state it leads to', () => {
    const broken = pathRows(lampSets, lastRun).find((row) => row.name === 'SWITCH → BREAK')!;
    expect(broken.steps).toEqual([
      { event: 'start', state: 'off' },
      { event: 'SWITCH', state: 'on' },
      { event: 'BREAK', state: 'broken' },
    ]);
  });

  it('counts every path as not run when there is no report, and says which reports it looked for', () => {
    const noRun: LastRun = { vitest: { source: 'reports/last-test/vitest.json' }, playwright: { source: 'reports/last-test/playwright.json' } };
    const rows = pathRows(lampSets, noRun);
    expect(rows.map((row) => row.result)).toEqual(Array(6).fill('not run'));
    const text = textReport(rows, noRun);
    expect(text).toContain('Vitest: no report found at reports/last-test/vitest.json');
    expect(text).toContain('in the machine: 3 paths: 0 passed, 0 failed, 3 not run');
    expect(htmlReport(rows, noRun, '2026-11-21T09:00:00.000Z')).toContain('Playwright: no report found at reports/last-test/playwright.json');
  });

  it('prints per statechart the paths in the machine and in the browser and how they ended, each path unless summary', () => {
    const rows = pathRows(lampSets, lastRun);
    const text = textReport(rows, lastRun);
    expect(text).toContain('Vitest: reports/last-test/vitest.json, run started 2026-11-20T18:30:00.000Z');
    expect(text).toContain('  in the machine: 3 paths: 1 passed, 1 failed, 1 not run');
    expect(text).toContain('  in the browser: 3 paths: 1 passed, 1 failed, 1 not run');
    expect(text).toContain('    failed   SWITCH\n             states: off → on');
    const summary = textReport(rows, lastRun, { summary: true });
    expect(summary).toContain('  in the browser: 3 paths: 1 passed, 1 failed, 1 not run');
    expect(summary).not.toContain('states: off');
  });

  it('writes a static page with every result in words, every text escaped and no script', () => {
    const html = htmlReport(pathRows(lampSets, lastRun), lastRun, '2026-11-21T09:00:00.000Z');
    expect(html).toContain('<html lang="en-GB">');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('lamp <paths> & more');
    expect(html).toContain('lamp &lt;paths&gt; &amp; more');
    expect(html).toContain('<span class="result passed">passed</span> start');
    expect(html).toContain('<span class="result failed">failed</span> SWITCH');
    expect(html).toContain('<span class="result not-run">not run</span> SWITCH → BREAK');
    expect(html).toContain('<li>BREAK ⇒ state broken</li>');
    expect(html).toContain('tests/e2e/lampPaths.spec.ts');
    expect(html).toContain('run started 2026-11-20T18:35:00.000Z');
    expect(html.match(/<details>/g)).toHaveLength(3);
  });
});
