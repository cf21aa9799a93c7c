import { existsSync } from 'node:fs';
import { aptInstall } from './process.mjs';

/** Debian's whole browser: Lighthouse measures the site in it (`npm run bench`), as a visitor's Chrome would run it. */
export const chromiumPath = '/usr/bin/chromium';

/**
 * Debian's build of Chrome's headless shell, the browser Playwright itself uses for headless tests: the tests run in it.
 * The whole browser, headless, still builds its window's toolbar and omnibox pages for every test's context, which on
 * a 2-core machine tripled the CPU each context cost (README, "Commands").
 */
export const headlessShellPath = '/usr/bin/chromium-headless-shell';

/** A font with Chinese glyphs (the menu's Chinese dish names), which Debian's Chromium does not bring: without one they draw as boxes. */
const chineseFontPath = '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc';

/** Playwright cannot download its own browsers here, so the tests and the benchmark use Debian's, installed through apt when missing. */
export function ensureChromium() {
  ensureDebianPackage('chromium', chromiumPath);
  ensureDebianPackage('fonts-wqy-zenhei', chineseFontPath);
}

export function ensureHeadlessShell() {
  ensureDebianPackage('chromium-headless-shell', headlessShellPath);
  ensureDebianPackage('fonts-wqy-zenhei', chineseFontPath);
}

function ensureDebianPackage(name, path) {
  if (existsSync(path)) return;
  console.log(`${path} is missing: installing Debian's ${name} package…`);
  if (!aptInstall(name) || !existsSync(path)) {
    console.error(`Could not install ${name} at ${path}. Run \`apt-get install -y ${name}\` as root, then try again.`);
    process.exit(1);
  }
}
