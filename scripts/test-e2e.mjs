import { ensureChromium } from './chromium.mjs';
import { run, runOrExit } from './process.mjs';

ensureChromium();
runOrExit('npx', ['vite', 'build', '--logLevel', 'warn']);
process.exit(run('npx', ['playwright', 'test', ...process.argv.slice(2)]));
