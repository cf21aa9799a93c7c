import SqliteDatabase from 'better-sqlite3';

/**
 * Every row of every table of the SQLite file, so "wrote nothing" means nothing anywhere; but for `omittedColumns`, a
 * table's columns that something other than the request writes (a background worker's bookkeeping).
 */
export function allRows(sqliteFile: string, omittedColumns: Record<string, readonly string[]> = {}): string {
  const sqlite = new SqliteDatabase(sqliteFile, { readonly: true });
  try {
    const tables = sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as Array<{ name: string }>;
    const rowsOf = (name: string) => {
      const rows = sqlite.prepare(`select * from "${name}" order by 1`).all() as Array<Record<string, unknown>>;
      const omitted = omittedColumns[name] ?? [];
      return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !omitted.includes(column))));
    };
    return JSON.stringify(tables.map(({ name }) => [name, rowsOf(name)]));
  } finally {
    sqlite.close();
  }
}
