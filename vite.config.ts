import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import MagicString from 'magic-string';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants as zlibConstants } from 'node:zlib';
import { themeCss } from './src/themeCss';

/** A route file's name without `.tsx` (`order`, `$page`, `index`), as the router plugin splits it. */
const SPLIT_ROUTE = /[\\/]src[\\/]routes[\\/]([^\\/?]+)\.tsx\?tsr-split=/;

function chunksOf(bundle: Rolldown.OutputBundle): Map<string, Rolldown.OutputChunk> {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
  return chunks;
}

/**
 * The chunks every first load runs: the entry and what it imports statically, all named in the built index.html (once
 * Vite has written it, the entry's own chunk may be gone from the bundle: the chunks index.html names stand for it).
 */
function firstLoadChunks(chunks: Map<string, Rolldown.OutputChunk>, bundle: Rolldown.OutputBundle): Set<string> {
  const loaded = new Set<string>();
  const load = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (chunk === undefined || loaded.has(fileName)) return;
    loaded.add(fileName);
    chunk.imports.forEach(load);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry && chunk.name === 'index') load(chunk.fileName);
  const indexHtml = bundle['index.html'];
  if (indexHtml?.type === 'asset') for (const fileName of chunks.keys()) if (String(indexHtml.source).includes(`/${fileName}"`)) load(fileName);
  return loaded;
}

/**
 * `.vite/route-assets.json` in the site's build: route file → the chunks and stylesheets its code brings, as `/assets/…`
 * paths, for the server to preload and link on a page it renders (src/server/plugins/firstPaint.ts), so that hydration
 * does not wait on a waterfall of imports and the page paints styled. Vite's manifest cannot say which: the chunk
 * groups below put several routes in one chunk, named after the group. What the entry loads (the entry and what it
 * imports statically) is left out, as index.html names it; a chunk's imports come before it, as the browser loads them.
 */
function routeAssets(): Plugin {
  return {
    name: 'route-assets',
    // After Vite's CSS plugin has taken out the chunks that held only styles (their stylesheets stay with their importers).
    enforce: 'post',
    apply: (_config, { isSsrBuild }) => !isSsrBuild,
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const linkedByIndexHtml = firstLoadChunks(chunks, bundle);
      const chunksFor = (chunk: Rolldown.OutputChunk, seen: Set<string>): Rolldown.OutputChunk[] => {
        if (linkedByIndexHtml.has(chunk.fileName) || seen.has(chunk.fileName)) return [];
        seen.add(chunk.fileName);
        const imported = chunk.imports.flatMap((fileName) => {
          const dependency = chunks.get(fileName);
          return dependency ? chunksFor(dependency, seen) : [];
        });
        return [...imported, chunk];
      };
      const assets: Record<string, { scripts: string[]; styles: string[] }> = {};
      for (const chunk of chunks.values()) {
        for (const moduleId of chunk.moduleIds) {
          const routeFile = SPLIT_ROUTE.exec(moduleId)?.[1];
          if (!routeFile) continue;
          const loaded = chunksFor(chunk, new Set());
          const held = assets[routeFile] ?? { scripts: [], styles: [] };
          assets[routeFile] = {
            scripts: [...new Set([...held.scripts, ...loaded.map((each) => `/${each.fileName}`)])],
            styles: [...new Set([...held.styles, ...loaded.flatMap((each) => [...(each.viteMetadata?.importedCss ?? [])].map((css) => `/${css}`))])],
          };
        }
      }
      this.emitFile({ type: 'asset', fileName: '.vite/route-assets.json', source: JSON.stringify(assets) });
    },
  };
}

/**
 * `.vite/first-load-modules.json` in the site's build: the source modules of the chunks every first load runs (the entry
 * and what it imports statically), relative to the project, so that a test can say which code a customer's first page
 * downloads (the back office must not be there: tests/api/firstLoad.test.ts).
 */
function firstLoadModules(): Plugin {
  return {
    name: 'first-load-modules',
    apply: (_config, { isSsrBuild }) => !isSsrBuild,
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const loaded = firstLoadChunks(chunks, bundle);
      const root = `${process.cwd()}/`;
      const modules = [...loaded].flatMap((fileName) => chunks.get(fileName)!.moduleIds).map((id) => (id.startsWith(root) ? id.slice(root.length) : id));
      this.emitFile({ type: 'asset', fileName: '.vite/first-load-modules.json', source: JSON.stringify({ chunks: [...loaded], modules }) });
    },
  };
}

const THEME_CSS = 'virtual:theme.css';

/** `virtual:theme.css`: the theme's CSS variables (src/themeCss.ts), a stylesheet of the build rather than a `<style>` drawn at run time. */
function themeStylesheet(): Plugin {
  return {
    name: 'theme-stylesheet',
    resolveId: (id) => (id === THEME_CSS ? `\0${THEME_CSS}` : undefined),
    load: (id) => (id === `\0${THEME_CSS}` ? themeCss() : undefined),
  };
}

const RUNTIME_THEME_VARIABLES = '\0theme-variables-in-stylesheet';

/**
 * The browser build leaves out Mantine's run-time writer of the theme's CSS variables (its resolvers and the `<style>`
 * component, about 2 KB gzipped of every first load): the app's MantineProvider has `withCssVariables={false}`, as the
 * variables are the build's stylesheet (`virtual:theme.css`), so that component is never drawn.
 */
function withoutRuntimeThemeVariables(): Plugin {
  return {
    name: 'without-runtime-theme-variables',
    apply: (_config, { isSsrBuild }) => !isSsrBuild,
    enforce: 'pre',
    resolveId: (source, importer) =>
      source === './MantineCssVariables/MantineCssVariables.mjs' && importer?.replaceAll('\\', '/').endsWith('/MantineProvider/MantineProvider.mjs') ? RUNTIME_THEME_VARIABLES : undefined,
    load: (id) => (id === RUNTIME_THEME_VARIABLES ? 'export function MantineCssVariables() { return null; }' : undefined),
  };
}

/** The facts of a route (docs/routes.md) that only the server reads, through src/server/routeManifest.gen.ts. */
const SERVER_ONLY_ROUTE_FACTS = /^ {6}(firstPaint|sitemap|description|structuredData|spelledAlso): .*,\n/gm;

/**
 * The browser's route files without the facts only the server reads (its sitemap, descriptions, first paint): every
 * route's `staticData` is in the first load, and those facts were 0.4 KB of it gzipped that no page used.
 */
function browserRouteFacts(): Plugin {
  return {
    name: 'browser-route-facts',
    apply: (_config, { isSsrBuild }) => !isSsrBuild,
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/]routes[\\/][^\\/]+\.tsx$/.test(id)) return undefined;
      const facts = new MagicString(code);
      for (const fact of code.matchAll(SERVER_ONLY_ROUTE_FACTS)) facts.remove(fact.index, fact.index + fact[0].length);
      return facts.hasChanged() ? { code: facts.toString(), map: facts.generateMap({ hires: true, source: id }) } : undefined;
    },
  };
}

// The router plugin must come before react() so that route files are code-split before JSX transform.
// `vite build --ssr` builds the served HTML's first paint (src/prerender/, docs/first-paint.md) with the same plugins, so
// that CSS modules' class names are the browser build's; its output is for Node, which needs no chunk plan.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    browserRouteFacts(),
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    themeStylesheet(),
    withoutRuntimeThemeVariables(),
    routeAssets(),
    firstLoadModules(),
    // Each asset compressed once, at the smallest size, for @fastify/static's `preCompressed` to send as it is: brotli
    // at quality 11 is 13–15 % smaller than what @fastify/compress makes on every request (docs/first-paint.md).
    !isSsrBuild &&
      compression({
        algorithms: [defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
        include: /\.(js|css|svg|webmanifest)$/,
        logLevel: 'silent',
      }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080', '/identity': 'http://127.0.0.1:8080', '/config.json': 'http://127.0.0.1:8080' },
  },
  build: isSsrBuild ? { outDir: 'dist/prerender', target: 'node20', copyPublicDir: false } : {
    outDir: 'dist/site',
    sourcemap: true,
    target: 'es2022',
    // Every browser the site serves (es2022) knows `modulepreload`: no polyfill in the first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the first page needs in two chunks: on a phone's HTTP/1.1 connection (six at a time, each
        // slow to start) a dozen small preloaded chunks arrive later than the same bytes in one. React's is apart
        // so that the browser compiles the two as each arrives rather than all at once when the app runs
        // (docs/first-paint.md, "Started in turns").
        // What the ordering screens share (with the Mantine components /order needs) goes in one chunk too, so
        // that /order is its own chunk plus that one rather than a dozen small ones.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, tags: ['$initial'], priority: 3 },
            // Swiper with its styles, which a carousel imports once it is drawn: only a page with one loads it.
            { name: 'swiper', test: /(node_modules[\\/]swiper[\\/]|[\\/]components[\\/]content[\\/]carouselSwiper\.ts$)/, priority: 4 },
            { name: 'app', tags: ['$initial'], priority: 2 },
            // What `/` draws beyond the shell (its screen, the restaurant's hours, address and busy notice, the dish photo)
            // in one chunk of its own, before the groups below take any of it: `/` then loads neither the ordering
            // screens' chunk nor the content pages' (with their Mantine components and icons) for a few small modules.
            { name: 'home', test: /[\\/](routes[\\/]index\.tsx\?tsr-split|screens[\\/]home[\\/]|components[\\/]restaurant[\\/]|domain[\\/](busyMode|openingHours|photoSizes)\.ts|components[\\/]order[\\/](DishPhoto|RestaurantPhoneLink)\.tsx|components[\\/]useNow\.ts)/, priority: 1.5 },
            // What the content pages and the ordering screens both draw (Mantine's buttons and alerts, the request
            // statechart's hook), so that /order does not load the carousel's chunk for them, nor /gallery the menu's.
            { name: 'shared', test: /[\\/](@mantine[\\/]core[\\/](esm[\\/]components|styles)[\\/](Alert|Button|CloseButton|ActionIcon)[\\/.]|@xstate[\\/]react[\\/]|actors[\\/]useApiRequest|machines[\\/]request[\\/])/, priority: 1.2 },
            // The restaurant's pages (gallery, privacy, …) with their renderer in one chunk: the gallery is otherwise
            // eight small requests after the core data, each a round trip on a phone.
            { name: 'content', test: /[\\/](routes[\\/](gallery|privacy|cookies|terms|about-us|\$page)\.tsx\?tsr-split|screens[\\/]content[\\/]|components[\\/]content[\\/]|@mantine[\\/]core[\\/](esm[\\/]components|styles)[\\/]Paper[\\/.])/, priority: 1 },
            { name: 'ordering', test: /[\\/](screens[\\/]order|components[\\/]order|actors[\\/]useApiRequest|@mantine[\\/]core[\\/](esm[\\/]components|styles)[\\/](Alert|Button|CloseButton)[\\/.])/, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
}));
