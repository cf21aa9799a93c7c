import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../src/server/db/database';
import { changesOf, firstRowOf, placeholders, rowsOf, runOnKysely, runOnSqlite, type Steps } from '../../src/server/db/statementSteps';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';

// A transaction written once as steps runs alike on every driver: awaited through Kysely on both databases, and
// synchronously on better-sqlite3 where the server has it.

interface Dish {
  dish_id: number;
  title: string;
  price: number;
}

function* stockTheMenu(
  prefix: string,
  firstId: number,
): Steps<{
  inserted: number;
  cheap: Dish[];
  missing: Dish | undefined;
  raised: number;
}> {
  let inserted = 0;
  for (const [offset, title, price] of [
    [1, 'Crispy duck', 1250],
    [2, 'Egg fried rice', 350],
    [3, 'Prawn crackers', 200],
  ] as const) {
    inserted += yield* changesOf(
      'insert into "step_dishes" ("dish_id", "title", "price") values (?, ?, ?)',
      firstId + offset - 1,
      `${prefix} ${title}`,
      price,
    );
  }
  const ids = [firstId, firstId + 1, firstId + 2];
  // Parameters before, inside and after an `in` list: PostgreSQL must number them in order.
  const cheap = yield* rowsOf<Dish>(
    `select "dish_id", "title", "price" from "step_dishes" where "title" like ? and "dish_id" in (${placeholders(ids.length)}) and "price" < ? order by "price"`,
    `${prefix} %`,
    ...ids,
    500,
  );
  const missing = yield* firstRowOf<Dish>('select * from "step_dishes" where "dish_id" = ?', -1);
  const raised = yield* changesOf('update "step_dishes" set "price" = "price" + ? where "title" like ?', 10, `${prefix} %`);
  return { inserted, cheap, missing, raised };
}

function* stockThenFail(prefix: string, firstId: number): Steps<never> {
  yield* stockTheMenu(prefix, firstId);
  throw new Error('the kitchen changed its mind');
}

const expectedOutcome = (prefix: string, firstId: number) => ({
  inserted: 3,
  cheap: [
    { dish_id: firstId + 2, title: `${prefix} Prawn crackers`, price: 200 },
    { dish_id: firstId + 1, title: `${prefix} Egg fried rice`, price: 350 },
  ],
  missing: undefined,
  raised: 3,
});

describe.each(databaseTargets)('statement steps on $name', (target) => {
  let database: AppDatabase & { dispose(): Promise<void> };
  beforeAll(async () => {
    database = await openEmptyDatabase(target);
    await sql`create table "step_dishes" ("dish_id" integer primary key, "title" text not null, "price" integer not null)`.execute(
      database.db,
    );
  });
  afterAll(() => database.dispose());

  const pricesOf = async (prefix: string) =>
    (
      await sql<{
        price: number;
      }>`select "price" from "step_dishes" where "title" like ${`${prefix} %`} order by "dish_id"`.execute(database.db)
    ).rows.map((row) => Number(row.price));

  it('runs through Kysely in a transaction: rows, changes, numbered parameters and a missing row', async () => {
    const outcome = await database.db.transaction().execute((transaction) => runOnKysely(transaction, stockTheMenu('kysely', 100)));
    expect(outcome).toEqual(expectedOutcome('kysely', 100));
    expect(await pricesOf('kysely')).toEqual([1260, 360, 210]);
  });

  it('writes nothing through Kysely when a step fails', async () => {
    await expect(
      database.db.transaction().execute((transaction) => runOnKysely(transaction, stockThenFail('undone', 200))),
    ).rejects.toThrow('the kitchen changed its mind');
    expect(await pricesOf('undone')).toEqual([]);
  });

  // The server runs steps synchronously only where it has better-sqlite3 (StorageOptions.sqliteTransaction).
  if (target.name === 'sqlite') {
    it('runs synchronously on better-sqlite3 with the same answers, and writes nothing when a step fails', async () => {
      const sqliteTransaction = database.storage.sqliteTransaction!;
      expect(await sqliteTransaction((sqlite) => runOnSqlite(sqlite, stockTheMenu('sync', 300)))).toEqual(expectedOutcome('sync', 300));
      expect(await pricesOf('sync')).toEqual([1260, 360, 210]);

      await expect(sqliteTransaction((sqlite) => runOnSqlite(sqlite, stockThenFail('sync-undone', 400)))).rejects.toThrow(
        'the kitchen changed its mind',
      );
      expect(await pricesOf('sync-undone')).toEqual([]);
    });
  }
});
