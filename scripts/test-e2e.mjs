import { ensureChromium, ensureHeadlessShell } from './chromium.mjs';
import { buildSite } from './build-if-needed.mjs';
import { run } from './process.mjs';

ensureHeadlessShell();
ensureChromium();
buildSite();
process.exit(run('npx', ['playwright', 'test', ...process.argv.slice(2)]));
