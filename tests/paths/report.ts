import type { EventObject } from 'xstate';
import type { NamedPath, PathSet } from './catalogue';

/** The part of Vitest's JSON report (`--reporter=json`) that says how each test ended. */
export type VitestReport = {
  startTime?: number;
  testResults: Array<{ name: string; assertionResults: Array<{ ancestorTitles: string[]; title: string; status: string }> }>;
};

type PlaywrightSuite = {
  title: string;
  file: string;
  specs: Array<{ title: string; file: string; tests: Array<{ status: string }> }>;
  suites?: PlaywrightSuite[];
};

/** The part of Playwright's JSON report (`--reporter=json`) that says how each test ended: suites nest, file → describe. */
export type PlaywrightReport = {
  config?: { rootDir?: string };
  stats?: { startTime?: string };
  suites: PlaywrightSuite[];
};

/** What `npm test` left in reports/last-test/; `source` says where each report was looked for. */
export type LastRun = {
  vitest: { source: string; report?: VitestReport };
  playwright: { source: string; report?: PlaywrightReport };
};

export type PathResult = 'passed' | 'failed' | 'not run';

export type PathRow = {
  machine: string;
  where: PathSet['where'];
  testFile: string;
  suite: string;
  name: string;
  steps: Array<{ state: string; event: string }>;
  result: PathResult;
  /** When the run that gave the result started (ISO 8601), if there was one. */
  runStartedAt?: string;
};

type TestOutcome = { file: string; suite: string; title: string; result: PathResult };

const vitestResult = (status: string): PathResult => (status === 'passed' ? 'passed' : status === 'failed' ? 'failed' : 'not run');

// A test run in several projects failed if it failed in one; `flaky` passed on a retry.
function playwrightResult(statuses: string[]): PathResult {
  if (statuses.includes('unexpected')) return 'failed';
  return statuses.some((status) => status === 'expected' || status === 'flaky') ? 'passed' : 'not run';
}

function vitestOutcomes(report: VitestReport): TestOutcome[] {
  return report.testResults.flatMap(({ name, assertionResults }) =>
    assertionResults.map(({ ancestorTitles, title, status }) => ({ file: name, suite: ancestorTitles.at(-1) ?? '', title, result: vitestResult(status) })),
  );
}

function playwrightOutcomes(report: PlaywrightReport): TestOutcome[] {
  const rootDir = report.config?.rootDir?.replace(/\/$/, '');
  const walk = (suite: PlaywrightSuite, parentTitle: string | undefined): TestOutcome[] => {
    // The outermost suite is the file itself; its specs are outside any describe.
    const describeTitle = parentTitle === undefined ? '' : suite.title;
    return [
      ...suite.specs.map((spec) => ({
        file: rootDir ? `${rootDir}/${spec.file}` : spec.file,
        suite: describeTitle,
        title: spec.title,
        result: playwrightResult(spec.tests.map((test) => test.status)),
      })),
      ...(suite.suites ?? []).flatMap((child) => walk(child, suite.title)),
    ];
  };
  return report.suites.flatMap((suite) => walk(suite, undefined));
}

/** The reports name files absolutely or from their own root; a set names them from the repository's root. */
const sameFile = (reported: string, testFile: string) =>
  reported === testFile || reported.endsWith(`/${testFile}`) || testFile.endsWith(`/${reported}`);

function outcomeIndex(outcomes: TestOutcome[]) {
  const byTitle = new Map<string, TestOutcome[]>();
  for (const outcome of outcomes) {
    const key = `${outcome.suite}\u0000${outcome.title}`;
    byTitle.set(key, [...(byTitle.get(key) ?? []), outcome]);
  }
  return (testFile: string, suite: string, title: string): PathResult =>
    byTitle.get(`${suite}\u0000${title}`)?.find((outcome) => sameFile(outcome.file, testFile))?.result ?? 'not run';
}

/** A state value as text: `idle`, or a parallel or nested one as `journey.basket, sync.idle`. */
export function stateText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return String(value);
  return Object.entries(value)
    .map(([region, child]) => (typeof child === 'string' ? `${region}.${child}` : `${region}.(${stateText(child)})`))
    .join(', ');
}

const PAYLOAD_CHARACTERS = 80;

/** An event as text: its type, and what it carries, cut short. */
export function eventText(event: EventObject): string {
  if (event.type === 'xstate.init') return 'start';
  const { type, ...payload } = event;
  if (Object.keys(payload).length === 0) return type;
  const carried = JSON.stringify(payload);
  return `${type} ${carried.length > PAYLOAD_CHARACTERS ? `${carried.slice(0, PAYLOAD_CHARACTERS - 1)}…` : carried}`;
}

const runStart = (run: LastRun, where: PathSet['where']) => {
  if (where === 'machine') return run.vitest.report?.startTime === undefined ? undefined : new Date(run.vitest.report.startTime).toISOString();
  return run.playwright.report?.stats?.startTime;
};

/** One row per path of every set, with its steps and how its test ended in the last run. */
export function pathRows(sets: PathSet[], run: LastRun): PathRow[] {
  const machineResult = outcomeIndex(run.vitest.report ? vitestOutcomes(run.vitest.report) : []);
  const browserResult = outcomeIndex(run.playwright.report ? playwrightOutcomes(run.playwright.report) : []);
  return sets.flatMap((set) =>
    set.paths.map(({ name, path }: NamedPath) => ({
      machine: set.machine,
      where: set.where,
      testFile: set.testFile,
      suite: set.suite,
      name,
      steps: path.steps.map((step) => ({ state: stateText(step.state.value), event: eventText(step.event) })),
      result: (set.where === 'machine' ? machineResult : browserResult)(set.testFile, set.suite, name),
      runStartedAt: runStart(run, set.where),
    })),
  );
}

export type Counts = { paths: number; passed: number; failed: number; notRun: number };

export function countsOf(rows: PathRow[]): Counts {
  return {
    paths: rows.length,
    passed: rows.filter((row) => row.result === 'passed').length,
    failed: rows.filter((row) => row.result === 'failed').length,
    notRun: rows.filter((row) => row.result === 'not run').length,
  };
}

const groupBy = <T>(items: T[], keyOf: (item: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
};

const countsText = ({ paths, passed, failed, notRun }: Counts) =>
  `${paths} ${paths === 1 ? 'path' : 'paths'}: ${passed} passed, ${failed} failed, ${notRun} not run`;

function sourcesText(run: LastRun): string[] {
  const line = (runner: string, { source, report }: { source: string; report?: unknown }, startedAt: string | undefined) =>
    report ? `${runner}: ${source}, run started ${startedAt ?? 'at an unknown time'}` : `${runner}: no report found at ${source}`;
  return [line('Vitest', run.vitest, runStart(run, 'machine')), line('Playwright', run.playwright, runStart(run, 'browser'))];
}

/** What `npm run paths` prints: per statechart the paths in the machine and in the browser and how they ended; each path unless `summary`. */
export function textReport(rows: PathRow[], run: LastRun, { summary = false } = {}): string {
  const lines = ['Statechart paths and the last npm test', ...sourcesText(run).map((source) => `  ${source}`), ''];
  for (const [machine, machineRows] of groupBy(rows, (row) => row.machine)) {
    lines.push(machine);
    for (const where of ['machine', 'browser'] as const) {
      const placed = machineRows.filter((row) => row.where === where);
      lines.push(`  in the ${where}: ${placed.length === 0 ? 'none' : countsText(countsOf(placed))}`);
    }
    if (summary) continue;
    for (const [, setRows] of groupBy(machineRows, (row) => `${row.where}\u0000${row.testFile}\u0000${row.suite}`)) {
      const [{ where, testFile, suite }] = setRows as [PathRow, ...PathRow[]];
      lines.push(`  ${where}: ${testFile} › ${suite}`);
      for (const row of setRows) {
        lines.push(`    ${row.result.padEnd(7)}  ${row.name}`);
        lines.push(`             states: ${row.steps.map((step) => step.state).join(' → ')}`);
      }
    }
    lines.push('');
  }
  return lines.join('\n');
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const resultClass = (result: PathResult) => result.replace(' ', '-');

const STYLE = `
body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #1b1b1b; line-height: 1.4; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #999; padding: 0.25rem 0.6rem; text-align: left; }
details { margin: 0.4rem 0; }
details details { margin-left: 1.5rem; }
summary { cursor: pointer; }
.result { font-weight: bold; padding: 0 0.3rem; border-radius: 0.2rem; }
.passed { background: #d7f0d7; }
.failed { background: #f8d0d0; }
.not-run { background: #ececec; }
ol.steps { font-size: 0.9rem; }
.test { color: #444; font-size: 0.9rem; }
`;

/** QA's page: one self-contained static page, a table of counts per statechart, then each set's paths with their steps and results. */
export function htmlReport(rows: PathRow[], run: LastRun, generatedAt: string): string {
  const byMachine = [...groupBy(rows, (row) => row.machine)];
  const cells = (counts: Counts) => `<td>${counts.paths}</td><td>${counts.passed}</td><td>${counts.failed}</td><td>${counts.notRun}</td>`;
  const summaryRows = byMachine.flatMap(([machine, machineRows]) =>
    (['machine', 'browser'] as const).map((where) => {
      const placed = machineRows.filter((row) => row.where === where);
      return `<tr><th scope="row">${escapeHtml(machine)}</th><td>${where}</td>${placed.length === 0 ? '<td>0</td><td colspan="3">no paths here</td>' : cells(countsOf(placed))}</tr>`;
    }),
  );
  const pathItem = (row: PathRow) => `<li>
<span class="result ${resultClass(row.result)}">${row.result}</span> ${escapeHtml(row.name)}
<ol class="steps">${row.steps.map((step) => `<li>${escapeHtml(step.event)} ⇒ state ${escapeHtml(step.state)}</li>`).join('')}</ol>
</li>`;
  const setSection = (setRows: PathRow[]) => {
    const [{ where, testFile, suite, runStartedAt }] = setRows as [PathRow, ...PathRow[]];
    return `<details>
<summary><h3>In the ${where}: ${escapeHtml(suite)} (${escapeHtml(countsText(countsOf(setRows)))})</h3></summary>
<p class="test">Run by ${escapeHtml(testFile)}, in the describe block “${escapeHtml(suite)}”, one test per path named as the path is below.
Results are of the run started ${escapeHtml(runStartedAt ?? 'never: no report was found')}.</p>
<ol>${setRows.map(pathItem).join('\n')}</ol>
</details>`;
  };
  const machineSection = ([machine, machineRows]: [string, PathRow[]]) => `<details>
<summary><h2>${escapeHtml(machine)} (${escapeHtml(countsText(countsOf(machineRows)))})</h2></summary>
${[...groupBy(machineRows, (row) => `${row.where}\u0000${row.testFile}\u0000${row.suite}`).values()].map(setSection).join('\n')}
</details>`;
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<title>Statechart paths and the last npm test</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Statechart paths and the last npm test</h1>
<p>Written ${escapeHtml(generatedAt)} by <code>npm run paths</code> from these reports of the last <code>npm test</code>:</p>
<ul>${sourcesText(run).map((source) => `<li>${escapeHtml(source)}</li>`).join('')}</ul>
<table>
<caption>Generated paths per statechart, and how their tests ended</caption>
<thead><tr><th scope="col">Statechart</th><th scope="col">Run</th><th scope="col">Paths</th><th scope="col">Passed</th><th scope="col">Failed</th><th scope="col">Not run</th></tr></thead>
<tbody>
${summaryRows.join('\n')}
</tbody>
</table>
<p>Each path lists its steps in order: the event, then the state it leads to.</p>
${byMachine.map(machineSection).join('\n')}
</body>
</html>
`;
}
