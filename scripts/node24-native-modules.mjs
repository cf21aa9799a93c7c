// Preloaded (NODE_OPTIONS=--import) by scripts/node24.mjs into every process of its Node 24 run, worker threads included.
// better-sqlite3 is a native module: node_modules holds its build for this machine's Node 20, which the rest of the
// tools keep using meanwhile. This sends every load of it, by import or require, to the copy built for the running
// Node's ABI; a Node without such a copy (Node 20) loads node_modules' own as always.
import { existsSync } from 'node:fs';
import module from 'node:module';

const installed = new URL('../node_modules/better-sqlite3/', import.meta.url).href;
const builtForThisNode = new URL(`../node_modules/.cache/node24/better-sqlite3-abi${process.versions.modules}/`, import.meta.url);

if (existsSync(builtForThisNode)) {
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      if (!resolved.url.startsWith(installed)) return resolved;
      return { ...resolved, url: builtForThisNode.href + resolved.url.slice(installed.length) };
    },
  });
}
