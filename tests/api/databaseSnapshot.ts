import SqliteDatabase from 'better-sqlite3';

/** Every row of every table of the SQLite file, so "wrote nothing" means nothing anywhere. */
export function allRows(sqliteFile: string): string {
  const sqlite = new SqliteDatabase(sqliteFile, { readonly: true });
  try {
    const tables = sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as Array<{ name: string }>;
    return JSON.stringify(tables.map(({ name }) => [name, sqlite.prepare(`select * from "${name}" order by 1`).all()]));
  } finally {
    sqlite.close();
  }
}
