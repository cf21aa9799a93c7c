import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runOrExit } from './process.mjs';

// The site and the server entry of its first paint (src/prerender/) are built from the same sources, so both or neither are stale.
const builtFiles = ['dist/site/index.html', 'dist/prerender/renderFirstPaint.js'];
const sources = ['src', 'machines', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

/** `npm run build`: the site for the browser, then the first paint's server entry beside it. */
export function buildSite() {
  // Vite builds React's development variant under a caller's NODE_ENV=test (Vitest's), whatever its mode.
  const options = { env: { ...process.env, NODE_ENV: 'production' } };
  runOrExit('npx', ['vite', 'build', '--logLevel', 'warn'], options);
  runOrExit('npx', ['vite', 'build', '--ssr', 'src/prerender/renderFirstPaint.tsx', '--logLevel', 'warn'], options);
}

/** Builds the site when there is no build yet or any source is newer than it. */
export function buildSiteIfNeeded() {
  const builtAt = Math.min(...builtFiles.map((path) => (existsSync(path) ? statSync(path).mtimeMs : 0)));
  const changedAt = Math.max(...sources.map(newestChange));
  if (builtAt >= changedAt) return;
  console.log('Building the site…');
  buildSite();
}
