import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runOrExit } from './process.mjs';

const builtIndex = 'dist/site/index.html';
const sources = ['src', 'machines', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

/** Builds the site when there is no build yet or any source is newer than it. */
export function buildSiteIfNeeded() {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const changedAt = Math.max(...sources.map(newestChange));
  if (builtAt >= changedAt) return;
  console.log('Building the site…');
  runOrExit('npx', ['vite', 'build', '--logLevel', 'warn']);
}
