import { readFile } from 'node:fs/promises';
import { defineConfig, minify, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

/** A route file's name without `.tsx` (`order`, `$page`, `index`), as the router plugin splits it. */
const SPLIT_ROUTE = /[\\/]src[\\/]routes[\\/]([^\\/?]+)\.tsx\?tsr-split=/;

function chunksOf(bundle: Rolldown.OutputBundle): Map<string, Rolldown.OutputChunk> {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
  return chunks;
}

/** The chunks every first load runs: the entry and what it imports statically, all named in the built index.html. */
function firstLoadChunks(chunks: Map<string, Rolldown.OutputChunk>): Set<string> {
  const loaded = new Set<string>();
  const load = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (chunk === undefined || loaded.has(fileName)) return;
    loaded.add(fileName);
    chunk.imports.forEach(load);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry && chunk.name === 'index') load(chunk.fileName);
  return loaded;
}

/**
 * `.vite/route-styles.json` in the site's build: route file → the stylesheets its code brings, as `/assets/…` paths, for
 * the served HTML's first paint to link (src/server/plugins/firstPaint.ts). Vite's manifest cannot say: the chunk
 * groups below put several routes in one chunk, named after the group. The stylesheets of the chunks the entry loads
 * (the entry and what it imports statically) are left out, as index.html links them; a chunk's imports come before it,
 * as the browser would load them.
 */
function routeStyles(): Plugin {
  return {
    name: 'route-styles',
    apply: (_config, { isSsrBuild }) => !isSsrBuild,
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const linkedByIndexHtml = firstLoadChunks(chunks);
      const stylesOf = (chunk: Rolldown.OutputChunk, seen: Set<string>): string[] => {
        if (linkedByIndexHtml.has(chunk.fileName) || seen.has(chunk.fileName)) return [];
        seen.add(chunk.fileName);
        const imported = chunk.imports.flatMap((fileName) => {
          const dependency = chunks.get(fileName);
          return dependency ? stylesOf(dependency, seen) : [];
        });
        return [...imported, ...[...(chunk.viteMetadata?.importedCss ?? [])].map((css) => `/${css}`)];
      };
      const styles: Record<string, string[]> = {};
      for (const chunk of chunks.values()) {
        for (const moduleId of chunk.moduleIds) {
          const routeFile = SPLIT_ROUTE.exec(moduleId)?.[1];
          if (routeFile) styles[routeFile] = [...new Set([...(styles[routeFile] ?? []), ...stylesOf(chunk, new Set())])];
        }
      }
      this.emitFile({ type: 'asset', fileName: '.vite/route-styles.json', source: JSON.stringify(styles) });
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
      const loaded = firstLoadChunks(chunks);
      const root = `${process.cwd()}/`;
      const modules = [...loaded].flatMap((fileName) => chunks.get(fileName)!.moduleIds).map((id) => (id.startsWith(root) ? id.slice(root.length) : id));
      this.emitFile({ type: 'asset', fileName: '.vite/first-load-modules.json', source: JSON.stringify({ chunks: [...loaded], modules }) });
    },
  };
}

/**
 * `start-after-paint.js` at the site's root, minified: the classic script a prerendered page names instead of the app's
 * modules (docs/first-paint.md). It is outside the bundle, as it must run before and without the app.
 */
function startAfterPaintScript(): Plugin {
  const source = 'src/start/start-after-paint.js';
  return {
    name: 'start-after-paint',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    async generateBundle() {
      const { code, errors } = await minify('start-after-paint.js', await readFile(source, 'utf8'), { compress: true, mangle: true });
      if (errors.length > 0) this.error(`${source}: ${errors.map((error) => error.message).join('; ')}`);
      this.emitFile({ type: 'asset', fileName: 'start-after-paint.js', source: code });
    },
  };
}

// The router plugin must come before react() so that route files are code-split before JSX transform.
// `vite build --ssr` builds the served HTML's first paint (src/prerender/, docs/first-paint.md) with the same plugins, so
// that CSS modules' class names are the browser build's; its output is for Node, which needs no chunk plan.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    routeStyles(),
    firstLoadModules(),
    startAfterPaintScript(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080', '/identity': 'http://127.0.0.1:8080', '/config.json': 'http://127.0.0.1:8080' },
  },
  build: isSsrBuild ? { outDir: 'dist/prerender', target: 'node20', copyPublicDir: false } : {
    outDir: 'dist/site',
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      input: { index: 'index.html' },
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
            // The restaurant's pages (gallery, privacy, …) with their renderer in one chunk: the gallery is otherwise
            // eight small requests after the core data, each a round trip on a phone.
            { name: 'content', test: /[\\/](routes[\\/](gallery|privacy|cookies|terms|about-us|\$page)\.tsx\?tsr-split|screens[\\/]content[\\/]|components[\\/]content[\\/]|@mantine[\\/]core[\\/](esm[\\/]components|styles)[\\/]Paper[\\/.])/, priority: 1 },
            { name: 'ordering', test: /[\\/](screens[\\/]order|components[\\/]order|api[\\/]useApiRequest|@mantine[\\/]core[\\/](esm[\\/]components|styles)[\\/](Alert|Button|CloseButton)[\\/.])/, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
}));
