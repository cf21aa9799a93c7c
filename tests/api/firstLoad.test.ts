import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

// What a customer's first page downloads is the entry and its static imports (vite.config.ts writes their source modules
// to .vite/first-load-modules.json). The back office is the owner's alone: none of it may be there (issue 17), so that
// the first load of `/` stays what it was (DESIGN.md's budget is checked by `npm run bench`).

const root = resolve(import.meta.dirname, '../..');
const builtSite = join(root, 'dist', 'site');

let firstLoad: { chunks: string[]; modules: string[] };

beforeAll(() => {
  execFileSync(process.execPath, ['-e', "import('./scripts/build-if-needed.mjs').then((build) => build.buildSiteIfNeeded())"], { cwd: root, stdio: 'inherit' });
  firstLoad = JSON.parse(readFileSync(join(builtSite, '.vite', 'first-load-modules.json'), 'utf8'));
}, 180_000);

describe('the first load of the site', () => {
  it('is the chunks index.html names and what they import', () => {
    const named = [...readFileSync(join(builtSite, 'index.html'), 'utf8').matchAll(/<script type="module" crossorigin src="\/([^"]+)">/g)].map((script) => script[1]);
    expect(named.length).toBeGreaterThan(0);
    for (const chunk of named) expect(firstLoad.chunks).toContain(chunk);
    // The app's own start is there: the list is read from the real build, not empty.
    expect(firstLoad.modules).toContain('src/main.tsx');
    expect(firstLoad.modules.some((module) => module.startsWith('machines/auth/'))).toBe(true);
  });

  it("holds none of the back office's screens or route components: they are chunks of their own", () => {
    const backOffice = firstLoad.modules.filter(
      (module) => module.startsWith('src/screens/manage/') || /^src\/routes\/manage\.[^?]*\.tsx\?tsr-split=component/.test(module) || /^src\/routes\/manage\.tsx\?tsr-split/.test(module),
    );
    expect(backOffice).toEqual([]);
  });

  it("holds none of Capacitor's code nor the app's push layer: only the native apps load them (docs/native-apps.md)", () => {
    const nativeOnly = firstLoad.modules.filter((module) => module.includes('@capacitor/') || module === 'src/platform/nativePush.ts');
    expect(nativeOnly).toEqual([]);
  });

  it("holds none of Swiper: a carousel imports it once drawn, so that only a page with one loads it", () => {
    expect(firstLoad.modules.filter((module) => module.startsWith('node_modules/swiper/'))).toEqual([]);
    // Swiper is in the build, a chunk of its own with its styles, which the content pages' chunk imports when asked.
    const assets = readdirSync(join(builtSite, 'assets'));
    const swiper = assets.filter((name) => /^swiper-[\w-]+\.(js|css)$/.test(name));
    expect(swiper.map((name) => name.split('.').pop()).sort()).toEqual(['css', 'js']);
    const swiperScript = swiper.find((name) => name.endsWith('.js'))!;
    expect(readFileSync(join(builtSite, 'assets', swiperScript), 'utf8').includes('swiper-wrapper'), `${swiperScript} is Swiper`).toBe(true);
    expect(firstLoad.chunks).not.toContain(`assets/${swiperScript}`);
    // (An entry with nothing of its own is not written.)
    for (const chunk of firstLoad.chunks.filter((name) => existsSync(join(builtSite, name)))) expect(readFileSync(join(builtSite, chunk), 'utf8').includes(swiperScript), `${chunk} names ${swiperScript}`).toBe(false);
  });
});
