import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const packageJson = JSON.parse(read('package.json'));
const engines: string = packageJson.engines.node;
const readme = read('README.md');
const runtimeDoc = read('docs/runtime.md');

/** engines.node as the versions it accepts: each alternative a caret range, `^major.minor.patch`. */
function supportedRanges(range: string): Array<{ major: number; minor: number; patch: number }> {
  return range.split('||').map((alternative) => {
    const caret = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(alternative.trim());
    if (caret === null) throw new Error(`engines.node names "${alternative.trim()}": name each supported major as ^major.minor.patch`);
    return { major: Number(caret[1]), minor: Number(caret[2]), patch: Number(caret[3]) };
  });
}

function accepts(range: string, version: string): boolean {
  const [major, minor, patch] = version.replace(/^v/, '').split('.').map(Number);
  return supportedRanges(range).some(
    (supported) => major === supported.major && (minor > supported.minor || (minor === supported.minor && patch >= supported.patch)),
  );
}

/** The one "In production: Node N LTS" a document names. */
function productionMajor(document: string, name: string): number {
  const named = [...document.matchAll(/In production: Node (\d+) LTS/g)].map((match) => Number(match[1]));
  if (named.length !== 1) throw new Error(`${name} should say "In production: Node N LTS" once, and says it ${named.length} times`);
  return named[0];
}

const supportedMajors = supportedRanges(engines).map(({ major }) => major);

describe('the supported Node.js versions', () => {
  it('are the maintained LTS lines, 22 and 24, in package.json engines, and the Node running these tests is one of them', () => {
    expect(supportedMajors).toEqual(expect.arrayContaining([22, 24]));
    // Even majors are the LTS lines; an odd one is never maintained for long.
    for (const major of supportedMajors) expect(major % 2).toBe(0);
    expect(accepts(engines, process.version)).toBe(true);
  });

  it('reads each caret range as its own major from its least version, no other major', () => {
    const [oldest] = supportedRanges(engines);
    expect(accepts(engines, `v${oldest.major}.${oldest.minor}.${oldest.patch}`)).toBe(true);
    expect(accepts(engines, `v${oldest.major - 1}.99.0`)).toBe(false);
    expect(accepts('^20.19.0 || ^24.0.0', 'v20.18.3')).toBe(false);
    expect(accepts('^20.19.0 || ^24.0.0', 'v22.12.0')).toBe(false);
    expect(accepts('^20.19.0 || ^24.0.0', 'v24.21.0')).toBe(true);
    expect(accepts(engines, `v${Math.max(...supportedMajors) + 2}.0.0`)).toBe(false);
  });

  it('are named in the README and docs/runtime.md as package.json engines names them', () => {
    expect(readme).toContain(`Supported Node.js versions: \`${engines}\``);
    expect(runtimeDoc).toContain(`Supported: \`${engines}\``);
    // docs/runtime.md gives each supported major a line of its own, and no other.
    const described = [...runtimeDoc.matchAll(/^- \*\*Node (\d+)/gm)].map((match) => Number(match[1]));
    expect([...described].sort()).toEqual([...supportedMajors].sort());
  });

  it('for production, the README and docs/runtime.md name the same Node: the newest supported line, which `npm run test:node24` proves', () => {
    const production = productionMajor(readme, 'README.md');
    expect(productionMajor(runtimeDoc, 'docs/runtime.md')).toBe(production);
    expect(production).toBe(Math.max(...supportedMajors));
    expect(packageJson.scripts[`test:node${production}`]).toBe(`node scripts/node${production}.mjs`);
    expect(read(`scripts/node${production}.mjs`)).toContain('`${runtimePackage}@' + production + '`');
  });
});
