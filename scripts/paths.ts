// `npm run paths [-- --summary]`: every statechart's generated paths and how their tests ended in the last `npm test`
// (reports/last-test/, kept by scripts/test.mjs); writes the same as a page for QA, reports/paths.html.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { allPathSets, REPOSITORY_ROOT } from '../tests/paths/registry';
import { htmlReport, pathRows, textReport, type LastRun } from '../tests/paths/report';

const reports = join(REPOSITORY_ROOT, 'reports');

function readReport<T>(file: string): { source: string; report?: T } {
  const path = join(reports, 'last-test', file);
  const source = relative(REPOSITORY_ROOT, path);
  if (!existsSync(path)) return { source };
  try {
    return { source, report: JSON.parse(readFileSync(path, 'utf8')) as T };
  } catch (error) {
    console.warn(`${source} could not be read (${(error as Error).message}): its paths count as not run.`);
    return { source };
  }
}

const run: LastRun = { vitest: readReport('vitest.json'), playwright: readReport('playwright.json') };
const rows = pathRows(allPathSets(), run);
console.log(textReport(rows, run, { summary: process.argv.includes('--summary') }));

mkdirSync(reports, { recursive: true });
const page = join(reports, 'paths.html');
writeFileSync(page, htmlReport(rows, run, new Date().toISOString()));
console.log(`QA's page: ${relative(process.cwd(), page)}`);
