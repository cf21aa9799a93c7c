import { spawnSync } from 'node:child_process';
import { aptInstall, commandExists } from './process.mjs';

const role = 'takeaway_test';
const password = 'takeaway_test';

function asPostgres(sql) {
  return spawnSync('su', ['postgres', '-c', `psql -qAtc "${sql}"`], { encoding: 'utf8' });
}

/**
 * The tests need a PostgreSQL server (the data layer on both databases, two servers on one database): Debian's
 * postgresql package, installed through apt when missing as Chromium is. Returns whether its tools are there.
 */
export function ensurePostgres() {
  if (commandExists('pg_lsclusters')) return true;
  console.log('PostgreSQL is missing: installing Debian\'s postgresql package…');
  return aptInstall('postgresql') && commandExists('pg_lsclusters');
}

/**
 * Starts the machine's PostgreSQL cluster (Debian's pg_ctlcluster) and makes a test role that may create
 * databases, so the data-layer tests also run on PostgreSQL. Returns its URL, or undefined where that is not possible.
 */
export function startTestPostgres() {
  if (process.getuid?.() !== 0 || !commandExists('pg_lsclusters') || !commandExists('pg_ctlcluster')) return undefined;
  const cluster = spawnSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
  if (!cluster) return undefined;
  const [version, name, port, status] = cluster.split(/\s+/);
  if (status !== 'online' && spawnSync('pg_ctlcluster', [version, name, 'start'], { stdio: 'inherit' }).status !== 0) return undefined;
  const exists = asPostgres(`SELECT 1 FROM pg_roles WHERE rolname = '${role}'`);
  if (exists.status !== 0) return undefined;
  const statement = exists.stdout.trim() === '1' ? 'ALTER' : 'CREATE';
  if (asPostgres(`${statement} ROLE ${role} LOGIN CREATEDB PASSWORD '${password}'`).status !== 0) return undefined;
  // A test drops its database WITH (FORCE), which ends the sessions still on it; an autovacuum worker there is the
  // server's own, and only a member of pg_signal_backend may end it (without, the drop fails now and then).
  if (asPostgres(`GRANT pg_signal_backend TO ${role}`).status !== 0) return undefined;
  return `postgres://${role}:${password}@127.0.0.1:${port}/postgres`;
}
