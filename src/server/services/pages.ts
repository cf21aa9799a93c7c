import type { Transaction } from 'kysely';
import type { components } from '../../api/schema.gen';
import { PAGE_NAMES } from '../../domain/pageContent';
import { isSitePage, mediaIdsOf, PAGE_ADDRESS_TAKEN_MESSAGE, pageDraftFailures, servedPage, SITE_PAGE_KEPT_MESSAGE, type EditablePage } from '../../domain/pageRules';
import type { AuditRecord, EditOutcome, Editor } from '../db/editRepository';
import { findPhotos } from '../db/mediaRepository';
import { deletePage, dropPageDraft, listEditablePages, publishPage, readPageDraft, readPublishedPage, writePageDraft } from '../db/pageEditRepository';
import type { Page, Repositories } from '../db/repositories';
import type { DatabaseSchema } from '../db/schema';
import { pageChanges } from '../domain/pageChanges';
import { ApiError } from '../errors';
import { FIXED_ROUTE_NAMES } from '../seo/routeFacts';
import { saveEdit } from './ownerChanges';
import type { ServiceContext } from './serviceContext';

// The owner's pages editor (docs/back-office.md, "Pages"): a page's draft, saved against the 'pages' revision,
// published over the page visitors are served, or discarded; the same flow as the menu's, with the audit.

type Who = { editor: Editor; now: Date };
type ManagedPage = components['schemas']['ManagedPage'];
type ManagedPageList = components['schemas']['ManagedPageList'];
type PageReader = Pick<Repositories['pageEditor'], 'readPublished' | 'readDraft'>;

const readerIn = (transaction: Transaction<DatabaseSchema>): PageReader => ({
  readPublished: (pageName) => readPublishedPage(transaction, pageName),
  readDraft: (pageName) => readPageDraft(transaction, pageName),
});

export const NO_PAGE_DRAFT_MESSAGE = 'There is no draft of this page to publish: save your changes as a draft first';
export const PAGE_NOT_FOUND_MESSAGE = 'Page not found';

/** The page `pageName` as the owner edits it, read in `reader` (a save's transaction, so that the answer is what it wrote). */
async function managedPageOf(reader: PageReader, pageName: string, revision: number): Promise<ManagedPage | undefined> {
  const [published, draft] = await Promise.all([reader.readPublished(pageName), reader.readDraft(pageName)]);
  const page = draft ?? published;
  if (page === undefined) return undefined;
  return {
    revision,
    pageName: published?.pageName ?? page.pageName,
    title: page.title,
    rows: page.rows,
    hasDraft: draft !== undefined,
    published: published !== undefined,
    unpublishedChanges: draft === undefined ? [] : pageChanges(published, draft),
  };
}

/** Refuses (400, every failing field) a page that breaks a rule or names a photo never uploaded. */
async function checkedPage(transaction: Transaction<DatabaseSchema>, pageName: string, page: EditablePage) {
  const failures = pageDraftFailures(page);
  const mediaIds = mediaIdsOf(page);
  const photos = await findPhotos(transaction, mediaIds);
  page.rows.forEach((row, rowIndex) =>
    row.columns.forEach((column, columnIndex) =>
      column.contentBlocks.forEach((block, blockIndex) =>
        (block.contentBlockData.slides ?? []).forEach((slide, slideIndex) => {
          if (slide.mediaId !== undefined && !photos.has(slide.mediaId)) {
            failures.push({
              field: `rows[${rowIndex}].columns[${columnIndex}].contentBlocks[${blockIndex}].contentBlockData.slides[${slideIndex}].mediaId`,
              message: 'is not an uploaded photo: please choose the photo again',
            });
          }
        }),
      ),
    ),
  );
  if (failures.length > 0) throw new ApiError(400, null, failures);
  return servedPage(pageName, page, photos);
}

/**
 * Refuses (400 at `pageName`) a page at an address one of the site's own routes has (/order, /checkout, /manage): the
 * route would hide it, and serve its photo's preload. The gallery, About Us and the legal pages are pages at their own
 * routes (PAGE_NAMES), and stay the owner's to edit.
 */
function checkAddress(pageName: string): void {
  const name = pageName.toLowerCase();
  const isContentPage = Object.entries(PAGE_NAMES).some(([path, page]) => path === `/${name}` && page.toLowerCase() === name);
  if (FIXED_ROUTE_NAMES.has(name) && !isContentPage) throw new ApiError(400, null, [{ field: 'pageName', message: PAGE_ADDRESS_TAKEN_MESSAGE }]);
}

/** Saves `change` to the page `asked` at `revision` and answers the page as it then is (the revision moved on by one). */
function savePageEdit(
  context: ServiceContext,
  who: Who,
  asked: string,
  revision: number,
  change: (transaction: Transaction<DatabaseSchema>, pageName: string) => Promise<{ pageName: string; audit: AuditRecord[] }>,
): Promise<EditOutcome<ManagedPage>> {
  return saveEdit(context, 'pages', revision, who, async (transaction) => {
    const { pageName, audit } = await change(transaction, asked);
    const page = await managedPageOf(readerIn(transaction), pageName, revision + 1);
    return { result: page ?? { revision: revision + 1, pageName, title: '', rows: [], hasDraft: false, published: false, unpublishedChanges: [] }, audit };
  });
}

/** The name a page is kept under: the published page's own spelling, else its draft's, else as asked for. */
async function storedName(transaction: Transaction<DatabaseSchema>, pageName: string): Promise<string> {
  return (await readPublishedPage(transaction, pageName))?.pageName ?? (await readPageDraft(transaction, pageName))?.pageName ?? pageName;
}

/** The pages the owner edits and the revision they are at. */
export async function managedPages({ repositories }: ServiceContext) {
  const [revision, pages] = await Promise.all([repositories.edits.revisionOf('pages'), repositories.pageEditor.list()]);
  return { revision, pages };
}

/** The page as the owner edits it (404 when it has neither a published page nor a draft). */
export async function managedPage({ repositories }: ServiceContext, pageName: string): Promise<ManagedPage> {
  const revision = await repositories.edits.revisionOf('pages');
  const page = await managedPageOf(repositories.pageEditor, pageName, revision);
  if (page === undefined) throw new ApiError(404, PAGE_NOT_FOUND_MESSAGE);
  return page;
}

/**
 * Saves the page's draft; a page at an address a route of the site's has, or that breaks a rule or names a photo never
 * uploaded, is refused (400) and nothing is written.
 */
export function savePageDraft(context: ServiceContext, who: Who, requested: string, revision: number, draftAsked: EditablePage): Promise<EditOutcome<ManagedPage>> {
  return savePageEdit(context, who, requested, revision, async (transaction, asked) => {
    checkAddress(asked);
    const pageName = await storedName(transaction, asked);
    const draft = await checkedPage(transaction, pageName, draftAsked);
    await writePageDraft(transaction, draft, who.now);
    const changes = pageChanges(await readPublishedPage(transaction, pageName), draft).length;
    const summary = `Saved a draft of the page ${pageName} (${changes === 1 ? '1 change' : `${changes} changes`} not yet published)`;
    return { pageName, audit: [{ area: 'pages', summary, before: null, after: draft }] };
  });
}

/** Publishes the page's draft over the page visitors are served (400 when there is no draft). */
export function publishPageDraft(context: ServiceContext, who: Who, requested: string, revision: number): Promise<EditOutcome<ManagedPage>> {
  return savePageEdit(context, who, requested, revision, async (transaction, asked) => {
    const pageName = await storedName(transaction, asked);
    const [published, draft] = await Promise.all([readPublishedPage(transaction, pageName), readPageDraft(transaction, pageName)]);
    if (draft === undefined) throw new ApiError(400, NO_PAGE_DRAFT_MESSAGE);
    const page = { ...draft, pageName };
    await publishPage(transaction, page);
    await dropPageDraft(transaction, pageName);
    const changes = pageChanges(published, page).map((summary) => ({ area: 'pages', summary, before: null, after: null }));
    return { pageName, audit: [{ area: 'pages', summary: `Published the page ${pageName}`, before: published ?? null, after: page }, ...changes] };
  });
}

/** Discards the page's draft. */
export function discardPageDraft(context: ServiceContext, who: Who, requested: string, revision: number): Promise<EditOutcome<ManagedPage>> {
  return savePageEdit(context, who, requested, revision, async (transaction, asked) => {
    const pageName = await storedName(transaction, asked);
    const draft = await readPageDraft(transaction, pageName);
    await dropPageDraft(transaction, pageName);
    return { pageName, audit: draft === undefined ? [] : [{ area: 'pages', summary: `Discarded the draft of the page ${pageName}`, before: draft, after: null }] };
  });
}

/**
 * Takes a page the owner added off the site, its draft with it, and answers the pages that remain. The site's own pages
 * are refused (400) before anything is read or written; a page with neither a published row nor a draft is 404. The
 * removal is for good: the audit line keeps the page and its draft as they were (docs/restaurant-pages.md).
 */
export async function removePage(context: ServiceContext, who: Who, requested: string, revision: number): Promise<EditOutcome<ManagedPageList>> {
  if (isSitePage(requested)) throw new ApiError(400, SITE_PAGE_KEPT_MESSAGE);
  return saveEdit(context, 'pages', revision, who, async (transaction) => {
    const [published, draft] = await Promise.all([readPublishedPage(transaction, requested), readPageDraft(transaction, requested)]);
    const pageName = published?.pageName ?? draft?.pageName;
    if (pageName === undefined) throw new ApiError(404, PAGE_NOT_FOUND_MESSAGE);
    await deletePage(transaction, pageName);
    const removed = { area: 'pages', summary: `Removed the page ${pageName} from the site`, before: { published: published ?? null, draft: draft ?? null }, after: null };
    return { result: { revision: revision + 1, pages: await listEditablePages(transaction) }, audit: [removed] };
  });
}

/** The page visitors are served (404 when it is not published). */
export async function publishedPage({ repositories }: ServiceContext, pageName: string): Promise<Page> {
  const page = await repositories.pages.getPage(pageName);
  if (!page) throw new ApiError(404, PAGE_NOT_FOUND_MESSAGE);
  return page;
}
