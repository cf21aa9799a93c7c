import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The server's layers (docs/server-layers.md): handlers call services and shape answers, and never import one another;
// nothing but the handlers' registry reaches into handlers/; the repositories read and write rows and import nothing of
// the notifications, the payments or the services; the local stand-ins are loaded only through their one seam.

const server = resolve(import.meta.dirname, '../../src/server');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

interface Import {
  /** The imported file, relative to src/server, without its extension. */
  target: string;
  /** `import type …`: erased when compiled, so nothing is loaded. */
  typeOnly: boolean;
  dynamic: boolean;
}

/** The relative imports of a file: static, re-exports and dynamic `import()`. */
function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const imports: Import[] = [];
  const at = (specifier: string) => relative(server, resolve(dirname(file), specifier));
  for (const [, keyword, specifier] of text.matchAll(/^(?:import|export)(\s+type)?[^;]*?from\s+'(\.[^']+)'/gms)) {
    imports.push({ target: at(specifier), typeOnly: keyword !== undefined, dynamic: false });
  }
  for (const [, specifier] of text.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)) imports.push({ target: at(specifier), typeOnly: false, dynamic: true });
  return imports;
}

const files = sourceFiles(server).map((path) => ({ name: relative(server, path).replace(/\.tsx?$/, ''), text: readFileSync(path, 'utf8'), imports: importsOf(path) }));
const registry = files.find((file) => file.name === 'handlers/operationHandlers')!;
/** The modules whose operations the contract routes to: those the registry gathers. */
const handlerModules = new Set(registry.imports.filter((imported) => !imported.typeOnly && imported.target.startsWith('handlers/')).map((imported) => imported.target));

describe('the server in layers', () => {
  it('knows its handlers: the registry gathers every operation module', () => {
    expect(handlerModules).toContain('handlers/orderBuilder');
    expect(handlerModules).toContain('handlers/payment');
    expect(handlerModules.size).toBeGreaterThan(15);
  });

  it('has no handler importing another handler', () => {
    const crossings = files
      .filter((file) => file.name !== registry.name)
      .flatMap((file) => file.imports.filter((imported) => handlerModules.has(imported.target)).map((imported) => `${file.name} → ${imported.target}`));
    expect(crossings).toEqual([]);
  });

  it('has nothing outside handlers/ loading a module of handlers/ but the app, which registers them', () => {
    const reaching = files
      .filter((file) => !file.name.startsWith('handlers/') && file.name !== 'app')
      .flatMap((file) =>
        file.imports.filter((imported) => imported.target.startsWith('handlers/') && !imported.typeOnly).map((imported) => `${file.name} → ${imported.target}`),
      );
    expect(reaching).toEqual([]);
  });

  it('has the repositories import nothing of the notifications, the payments or the services, not even a type', () => {
    const reaching = files
      .filter((file) => file.name.startsWith('db/'))
      .flatMap((file) =>
        file.imports.filter((imported) => /^(notifications|payments|services)\//.test(imported.target)).map((imported) => `${file.name} → ${imported.target}`),
      );
    expect(reaching).toEqual([]);
  });

  it('has no handler open a transaction: a service does, and writes the outbox rows in it', () => {
    const opening = files.filter((file) => file.name.startsWith('handlers/') && /\binTransaction\(|\.transaction\(\)/.test(file.text)).map((file) => file.name);
    expect(opening).toEqual([]);
  });

  it('has no operation handler decide anything: no refusal of its own, no repository called', () => {
    const deciding = files
      .filter((file) => handlerModules.has(file.name))
      .flatMap((file) => [
        ...(/\bApiError\b/.test(file.text) ? [`${file.name} refuses by itself`] : []),
        ...(/\brepositories\./.test(file.text) ? [`${file.name} calls a repository`] : []),
      ]);
    expect(deciding).toEqual([]);
  });

  it('loads src/server/local/ only through its seam, which main.ts imports dynamically', () => {
    const loading = files
      .filter((file) => !file.name.startsWith('local/'))
      .flatMap((file) => file.imports.filter((imported) => imported.target.startsWith('local/') && !imported.typeOnly).map((imported) => ({ file: file.name, ...imported })));
    expect(loading).toEqual([{ file: 'main', target: 'local/standIns', typeOnly: false, dynamic: true }]);
  });
});
