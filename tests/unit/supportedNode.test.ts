import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const engines: string = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).engines.node;
const readme = readFileSync(new URL('README.md', root), 'utf8');

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

describe('the supported Node.js versions', () => {
  it('are the ones package.json engines names, and the Node running these tests is one of them', () => {
    expect(engines).toBe('^20.19.0 || ^24.0.0');
    expect(accepts(engines, process.version)).toBe(true);
  });

  it('reads each caret range as its own major from its least version, no other major', () => {
    expect(accepts(engines, 'v20.19.0')).toBe(true);
    expect(accepts(engines, 'v20.18.3')).toBe(false);
    expect(accepts(engines, 'v22.12.0')).toBe(false);
    expect(accepts(engines, 'v24.21.0')).toBe(true);
    expect(accepts(engines, 'v26.0.0')).toBe(false);
  });

  it('are named in the README as package.json engines names them', () => {
    expect(readme).toContain(`Supported Node.js versions: \`${engines}\``);
  });
});
