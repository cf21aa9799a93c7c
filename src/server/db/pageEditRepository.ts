import { sql, type Kysely, type Transaction } from 'kysely';
import type { components } from '../../api/schema.gen';
import type { DatabaseSchema } from './schema';

// The owner's pages editor (docs/back-office.md, "Pages", migration 0026): a page's draft beside its published row.
// Names are matched case-insensitively, as visitors' page names are, and a draft keeps the published page's spelling.

type Page = components['schemas']['Page'];
type Reader = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** What the unique index on pages holds, so that both dialects look a name up by it. */
const lowerName = sql<string>`lower(page_name)`;

export async function readPublishedPage(db: Reader, pageName: string): Promise<Page | undefined> {
  const row = await db.selectFrom('pages').select(['page_name', 'title', 'content']).where(lowerName, '=', pageName.toLowerCase()).executeTakeFirst();
  return row && { pageName: row.page_name, title: row.title, rows: JSON.parse(row.content) as Page['rows'] };
}

export async function readPageDraft(db: Reader, pageName: string): Promise<Page | undefined> {
  const row = await db.selectFrom('page_drafts').select(['page_name', 'title', 'content']).where(lowerName, '=', pageName.toLowerCase()).executeTakeFirst();
  return row && { pageName: row.page_name, title: row.title, rows: JSON.parse(row.content) as Page['rows'] };
}

export async function writePageDraft(transaction: Transaction<DatabaseSchema>, page: Page, savedAt: Date): Promise<void> {
  await dropPageDraft(transaction, page.pageName);
  await transaction
    .insertInto('page_drafts')
    .values({ page_name: page.pageName, title: page.title, content: JSON.stringify(page.rows), saved_at: savedAt.toISOString() })
    .execute();
}

export async function dropPageDraft(transaction: Transaction<DatabaseSchema>, pageName: string): Promise<void> {
  await transaction.deleteFrom('page_drafts').where(lowerName, '=', pageName.toLowerCase()).execute();
}

/** Takes the page off the site and drops its draft: neither table keeps a row of it. */
export async function deletePage(transaction: Transaction<DatabaseSchema>, pageName: string): Promise<void> {
  await dropPageDraft(transaction, pageName);
  await transaction.deleteFrom('pages').where(lowerName, '=', pageName.toLowerCase()).execute();
}

/** Writes `page` over the published page of its name, or adds it. */
export async function publishPage(transaction: Transaction<DatabaseSchema>, page: Page): Promise<void> {
  const content = JSON.stringify(page.rows);
  const updated = await transaction
    .updateTable('pages')
    .set({ title: page.title, content })
    .where(lowerName, '=', page.pageName.toLowerCase())
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await transaction.insertInto('pages').values({ page_name: page.pageName, title: page.title, content }).execute();
}

/** Every page, published or only drafted, by its name in code-point order, with its title as the owner last wrote it. */
export async function listEditablePages(db: Reader): Promise<{ pageName: string; title: string; hasDraft: boolean; published: boolean }[]> {
  const [published, drafts] = await Promise.all([
    db.selectFrom('pages').select(['page_name', 'title']).execute(),
    db.selectFrom('page_drafts').select(['page_name', 'title']).execute(),
  ]);
  const pages = new Map(published.map((row) => [row.page_name.toLowerCase(), { pageName: row.page_name, title: row.title, hasDraft: false, published: true }]));
  for (const draft of drafts) {
    const page = pages.get(draft.page_name.toLowerCase());
    pages.set(draft.page_name.toLowerCase(), { pageName: page?.pageName ?? draft.page_name, title: draft.title, hasDraft: true, published: page !== undefined });
  }
  return [...pages.values()].sort((first, second) => (first.pageName < second.pageName ? -1 : first.pageName > second.pageName ? 1 : 0));
}
