import { ensureChromium } from './chromium.mjs';
import { buildSite } from './build-if-needed.mjs';
import { run } from './process.mjs';

ensureChromium();
buildSite();
process.exit(run('npx', ['playwright', 'test', ...process.argv.slice(2)]));
