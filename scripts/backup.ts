// `npm run backup [-- <file>]`: a consistent copy of the database the server uses (DATABASE_URL, else DATA_DIR's SQLite file),
// taken while the server runs, to <file> or backups/<time>.sqlite|.pgdump. Restoring is in the README ("Backup and restore").
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { ConfigurationError, dataLocation, SQLITE_FILE_NAME } from '../src/server/config';
import { mediaDirectoryOf, ORIGINALS_FOLDER } from '../src/server/media/mediaStore';

const repositoryRoot = resolve(import.meta.dirname, '..');

class BackupFailed extends Error {}

/** 2026-11-24T18-00-05Z: sorts by time and is a valid file name everywhere. */
function fileTimestamp(now: Date): string {
  return now.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
}

/** SQLite's online backup: a snapshot of one moment, taken page by page while the server goes on writing. */
async function backUpSqlite(sqliteFile: string, target: string): Promise<void> {
  if (!existsSync(sqliteFile)) throw new BackupFailed(`There is no SQLite database at ${sqliteFile} (is DATA_DIR right?)`);
  const source = new SqliteDatabase(sqliteFile, { fileMustExist: true });
  try {
    await source.backup(target);
  } finally {
    source.close();
  }
  const copy = new SqliteDatabase(target, { readonly: true });
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupFailed(`The copy at ${target} failed SQLite's check: ${String(check)}`);
  } finally {
    copy.close();
  }
}

/** pg_dump's custom format, which pg_restore reads: one consistent snapshot, compressed. */
function backUpPostgres(databaseUrl: string, target: string): void {
  const dump = spawnSync('pg_dump', ['--format=custom', '--no-password', `--file=${target}`, `--dbname=${databaseUrl}`], { stdio: ['ignore', 'inherit', 'inherit'] });
  if ((dump.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new BackupFailed(
      "pg_dump was not found on PATH: install PostgreSQL's client programs, of the server's major version or newer " +
        '(Debian: apt-get install postgresql-client)',
    );
  }
  if (dump.error !== undefined) throw dump.error;
  if (dump.status !== 0) throw new BackupFailed(`pg_dump failed (exit code ${dump.status}); its message is above`);
}

/**
 * The photos' originals (DATA_DIR/media/originals) mirrored into `media/originals` beside the database's backup: every
 * copy the site serves is made again from them when first asked for (docs/back-office.md, "Photos"). An original is
 * named by the hash of its bytes, so one the mirror has is the same file and is not copied again.
 */
function mirrorPhotoOriginals(dataDir: string, backupsFolder: string): number {
  const originals = join(mediaDirectoryOf(dataDir), ORIGINALS_FOLDER);
  if (!existsSync(originals)) return 0;
  const mirror = join(backupsFolder, 'media', ORIGINALS_FOLDER);
  mkdirSync(mirror, { recursive: true });
  let copied = 0;
  for (const name of readdirSync(originals)) {
    if (name.endsWith('.partial') || existsSync(join(mirror, name))) continue;
    // Copied aside and renamed, so a backup stopped half-way never leaves a half file that the next one would skip.
    const partial = join(mirror, `${name}.partial`);
    copyFileSync(join(originals, name), partial);
    renameSync(partial, join(mirror, name));
    copied++;
  }
  return copied;
}

async function backUp(): Promise<void> {
  const { databaseUrl, dataDir } = dataLocation(process.env);
  const extension = databaseUrl === undefined ? 'sqlite' : 'pgdump';
  const given = process.argv[2];
  // npm runs scripts from the repository's root; a path given is the caller's, relative to where they typed it.
  const target = given === undefined
    ? join(repositoryRoot, 'backups', `${fileTimestamp(new Date())}.${extension}`)
    : resolve(process.env.INIT_CWD ?? process.cwd(), given);
  if (existsSync(target)) throw new BackupFailed(`${target} exists already; a backup never overwrites one`);
  mkdirSync(dirname(target), { recursive: true });
  if (databaseUrl === undefined) await backUpSqlite(join(dataDir, SQLITE_FILE_NAME), target);
  else backUpPostgres(databaseUrl, target);
  process.stdout.write(`Backed up the ${databaseUrl === undefined ? 'SQLite' : 'PostgreSQL'} database to ${target} (${statSync(target).size} bytes)\n`);
  const copied = mirrorPhotoOriginals(dataDir, dirname(target));
  process.stdout.write(`Mirrored the photos' originals to ${join(dirname(target), 'media', ORIGINALS_FOLDER)} (${copied} new)\n`);
}

try {
  await backUp();
} catch (error) {
  const known = error instanceof ConfigurationError || error instanceof BackupFailed;
  process.stderr.write(`Backup failed: ${known ? error.message : error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
}
