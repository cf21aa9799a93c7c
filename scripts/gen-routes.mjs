// Writes src/routeTree.gen.ts from src/routes/ as the router plugin does during a build or the dev server, without
// either: for the type check right after a route file is added.
import { Generator, getConfig } from '@tanstack/router-generator';

const root = new URL('..', import.meta.url).pathname;
const config = getConfig({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }, root);
await new Generator({ config, root }).run();
