// Writes src/api/operations.gen.ts from openapi.yaml: the operations that take a bearer token, and whether it
// is optional, so the browser client attaches the id token exactly where the contract asks for it.
// Usage: tsx scripts/gen-api.ts [--out <file>]   (npm run gen:api runs it after openapi-typescript)
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { parse } from 'yaml';

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const bearerSchemeName = 'bearerAuth';

interface OperationObject {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
}
interface OpenApiDocument {
  security?: Array<Record<string, string[]>>;
  paths?: Record<string, Partial<Record<(typeof httpMethods)[number], OperationObject>>>;
}

export interface AuthenticatedOperation {
  operationId: string;
  method: string;
  path: string;
  /** `security: [{}, { bearerAuth: [] }]`: anonymous callers are served too. */
  optional: boolean;
}

export function listAuthenticatedOperations(specText: string): AuthenticatedOperation[] {
  const document = parse(specText) as OpenApiDocument;
  const operations: AuthenticatedOperation[] = [];
  for (const [path, pathItem] of Object.entries(document.paths ?? {})) {
    for (const method of httpMethods) {
      const operation = pathItem[method];
      if (!operation) continue;
      const security = operation.security ?? document.security ?? [];
      if (!security.some((requirement) => bearerSchemeName in requirement)) continue;
      if (!operation.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const optional = security.some((requirement) => Object.keys(requirement).length === 0);
      operations.push({ operationId: operation.operationId, method: method.toUpperCase(), path, optional });
    }
  }
  return operations;
}

export function renderOperationsModule(specText: string): string {
  const entries = listAuthenticatedOperations(specText)
    // The browser's client carries this table in every first load: only what it reads (src/api/client.ts).
    .map(({ method, path, optional }) => `  { method: '${method}', path: '${path}', optional: ${optional} },`)
    .join('\n');
  return [
    '// Generated from openapi.yaml by scripts/gen-api.ts (npm run gen:api). Do not edit.',
    '',
    '/**',
    ' * The operations with bearer security: `path` is the template as in openapi.yaml, without the `/api` server prefix;',
    ' * `optional` when anonymous callers are served too (the bearer is sent only for a signed-in user).',
    ' */',
    'export const authenticatedOperations = [',
    entries,
    '] as const;',
    '',
  ].join('\n');
}

const repositoryRoot = resolve(fileURLToPath(import.meta.url), '../..');

function main(argv: string[]): void {
  const outIndex = argv.indexOf('--out');
  const outFile = outIndex >= 0 ? resolve(argv[outIndex + 1]) : resolve(repositoryRoot, 'src/api/operations.gen.ts');
  const specText = readFileSync(resolve(repositoryRoot, 'openapi.yaml'), 'utf8');
  writeFileSync(outFile, renderOperationsModule(specText));
  console.log(`openapi.yaml → ${outFile}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
