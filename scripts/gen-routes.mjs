// Writes src/routeTree.gen.ts from src/routes/ as the router plugin does during a build or the dev server, without
// either: for the type check right after a route file is added. Then the server's manifest of the routes' facts
// (scripts/route-manifest.mjs), which the router plugin does not write.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Generator, getConfig } from '@tanstack/router-generator';
import { MANIFEST_FILE, routeManifestSource } from './route-manifest.mjs';

const root = new URL('..', import.meta.url).pathname;
const config = getConfig({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }, root);
await new Generator({ config, root }).run();
writeFileSync(join(root, MANIFEST_FILE), routeManifestSource(root));
