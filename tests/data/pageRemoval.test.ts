import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/database';
import { deletePage, listEditablePages, writePageDraft } from '../../src/server/db/pageEditRepository';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';

// Removing a page the owner added (docs/restaurant-pages.md, "Removing a page"): its published row and its draft go,
// matched case-insensitively as every page name is, and no other page's rows are touched.

const rows = [{ row: 1, columns: [] }];

describe.each(databaseTargets)('removing a page on $name', (target) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;

  beforeAll(async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    await database.db
      .insertInto('pages')
      .values(['Gallery', 'Christmas-Menu', 'allergens'].map((pageName) => ({ page_name: pageName, title: pageName, content: JSON.stringify(rows) })))
      .execute();
    await database.db.transaction().execute(async (transaction) => {
      for (const pageName of ['Christmas-Menu', 'allergens', 'new-year']) await writePageDraft(transaction, { pageName, title: `${pageName} draft`, rows }, new Date('2026-12-01T10:00:00Z'));
    });
  });
  afterAll(() => database.dispose());

  it('deletes the published page and its draft by any spelling of its name, and leaves the other pages as they were', async () => {
    await database.db.transaction().execute((transaction) => deletePage(transaction, 'christmas-menu'));
    expect(await listEditablePages(database.db)).toEqual([
      { pageName: 'Gallery', title: 'Gallery', hasDraft: false, published: true },
      { pageName: 'allergens', title: 'allergens draft', hasDraft: true, published: true },
      { pageName: 'new-year', title: 'new-year draft', hasDraft: true, published: false },
    ]);
  });

  it('deletes a page that was only a draft', async () => {
    await database.db.transaction().execute((transaction) => deletePage(transaction, 'NEW-YEAR'));
    expect((await listEditablePages(database.db)).map((page) => page.pageName)).toEqual(['Gallery', 'allergens']);
  });
});
