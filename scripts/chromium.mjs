import { existsSync } from 'node:fs';
import { run } from './process.mjs';

export const chromiumPath = '/usr/bin/chromium';

/** Playwright cannot download its own browser here, so the tests use Debian's Chromium, installed through apt when missing. */
export function ensureChromium() {
  if (existsSync(chromiumPath)) return;
  console.log('Chromium is missing: installing Debian\'s chromium package…');
  const asRoot = process.getuid?.() === 0;
  const apt = (args) => (asRoot ? run('apt-get', args) : run('sudo', ['-n', 'apt-get', ...args]));
  const installed = apt(['update', '-qq']) === 0 && apt(['install', '-y', '-qq', 'chromium']) === 0;
  if (!installed || !existsSync(chromiumPath)) {
    console.error(
      `Could not install Chromium at ${chromiumPath}. The browser tests need it: run \`apt-get install -y chromium\` as root, then \`npm test\` again.`,
    );
    process.exit(1);
  }
}
