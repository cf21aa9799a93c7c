// The server's copy of the routes' facts (docs/routes.md): read from the `staticData` of each file in src/routes/ without
// running it (a route file brings the browser's screens, which the server must not import), and written as
// src/server/routeManifest.gen.ts by `npm run gen:routes`. tests/unit/routeFacts.test.ts holds the file to what this writes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export const ROUTES_DIRECTORY = 'src/routes';
export const MANIFEST_FILE = 'src/server/routeManifest.gen.ts';

/** A route id (`/_kitchen/kitchen_/bookings`, `/manage/`) as the path it serves: pathless layouts and `_` suffixes gone. */
export function fullPathOf(routeId) {
  const segments = routeId
    .split('/')
    .filter((segment) => segment !== '' && !segment.startsWith('_'))
    .map((segment) => segment.replace(/_$/, ''));
  return `/${segments.join('/')}`;
}

/** A literal of plain data (strings, numbers, booleans, null, objects, arrays) as its value; anything else is refused. */
function literalValue(node, where) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (node.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isArrayLiteralExpression(node)) return node.elements.map((element) => literalValue(element, where));
  if (ts.isObjectLiteralExpression(node)) {
    return Object.fromEntries(
      node.properties.map((property) => {
        if (!ts.isPropertyAssignment(property)) throw new Error(`${where}: the route's facts must be plain data, not ${property.getText()}`);
        return [property.name.getText().replace(/^['"]|['"]$/g, ''), literalValue(property.initializer, where)];
      }),
    );
  }
  throw new Error(`${where}: the route's facts must be plain data, not ${node.getText()}`);
}

/** The route id and the `staticData.facts` of one route file: the options object of `createFileRoute('<id>')({ … })`. */
function routeFactsIn(file, source) {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  let found;
  const visit = (node) => {
    if (found === undefined && ts.isCallExpression(node) && ts.isCallExpression(node.expression)) {
      const inner = node.expression;
      const options = node.arguments[0];
      const isFileRoute = ts.isIdentifier(inner.expression) && inner.expression.text === 'createFileRoute';
      const isRootRoute = ts.isIdentifier(inner.expression) && inner.expression.text.startsWith('createRootRoute');
      if ((isFileRoute || isRootRoute) && options && ts.isObjectLiteralExpression(options)) {
        const staticData = options.properties.find((property) => ts.isPropertyAssignment(property) && property.name.getText() === 'staticData');
        if (!staticData || !ts.isObjectLiteralExpression(staticData.initializer)) throw new Error(`${file}: the route declares no staticData`);
        const facts = staticData.initializer.properties.find((property) => ts.isPropertyAssignment(property) && property.name.getText() === 'facts');
        if (!facts) throw new Error(`${file}: the route's staticData declares no facts`);
        found = { routeId: isFileRoute ? inner.arguments[0].text : '__root__', facts: literalValue(facts.initializer, file) };
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  if (found === undefined) throw new Error(`${file}: no route found`);
  return found;
}

/** Every page route's facts by the path it serves, in path order; layouts (`facts: 'layout'`) frame and serve none. */
export function readRouteFacts(root) {
  const directory = join(root, ROUTES_DIRECTORY);
  const entries = readdirSync(directory)
    .filter((name) => /\.tsx?$/.test(name) && !name.startsWith('-'))
    .map((name) => routeFactsIn(join(ROUTES_DIRECTORY, name), readFileSync(join(directory, name), 'utf8')))
    .filter(({ facts }) => facts !== 'layout')
    .map(({ routeId, facts }) => [fullPathOf(routeId), facts]);
  return Object.fromEntries(entries.sort(([first], [second]) => (first < second ? -1 : first > second ? 1 : 0)));
}

export function routeManifestSource(root) {
  const lines = Object.entries(readRouteFacts(root)).map(([path, facts]) => `  ${JSON.stringify(path)}: ${JSON.stringify(facts)},`);
  return [
    '// Written by `npm run gen:routes` from the `staticData.facts` of each route file in src/routes/ (docs/routes.md): do not edit.',
    "import type { PageFacts } from '../domain/routeFacts';",
    '',
    '/** Each page route\'s facts by the path it serves, as its route file declares them. */',
    'export const ROUTE_MANIFEST: Readonly<Record<string, PageFacts>> = {',
    ...lines,
    '};',
    '',
  ].join('\n');
}
