// Reads of many rows by id, `in (...)` a batch of ids at a time: a statement takes at most 32,766 parameters on SQLite
// and 65,535 on PostgreSQL, and a kitchen list of a busy evening is a few hundred orders, so one batch as a rule.

export const IDS_PER_STATEMENT = 500;

/** `read`'s rows for every batch of `ids` (each id once), batch after batch. */
export async function readInBatches<Row>(ids: readonly string[], read: (batch: string[]) => Promise<Row[]>): Promise<Row[]> {
  const unique = [...new Set(ids)];
  const rows: Row[] = [];
  for (let start = 0; start < unique.length; start += IDS_PER_STATEMENT) {
    rows.push(...(await read(unique.slice(start, start + IDS_PER_STATEMENT))));
  }
  return rows;
}
