import type { Transaction } from 'kysely';
import type { components } from '../../api/schema.gen';
import { menuDraftFailures, type EditableMenuCategory, type PublishedMenuIds } from '../../domain/menuRules';
import type { EditOutcome, Editor } from '../db/editRepository';
import { findPhotos } from '../db/mediaRepository';
import { dropMenuDraft, publishMenu, readMenuDraft, readPublishedMenu, writeMenuDraft } from '../db/menuEditRepository';
import type { Repositories } from '../db/repositories';
import type { DatabaseSchema } from '../db/schema';
import { canonicalMenu, menuChanges } from '../domain/menuChanges';
import { ApiError } from '../errors';
import { saveEdit } from './ownerChanges';
import { restaurantOf } from './restaurant';
import type { ServiceContext } from './serviceContext';
import { NOT_UPLOADED_MESSAGE } from '../media/photos';

type ManagedMenu = components['schemas']['ManagedMenu'];
type MenuReader = Repositories['menuEditor'];

const readerIn = (transaction: Transaction<DatabaseSchema>): MenuReader => ({
  readPublished: (menuId) => readPublishedMenu(transaction, menuId),
  readDraft: (menuId) => readMenuDraft(transaction, menuId),
});

export const NO_DRAFT_MESSAGE = 'There is no draft to publish: save your changes as a draft first';
export const NOTHING_TO_PUBLISH_MESSAGE = 'The draft is the same as the published menu: there is nothing to publish';

// The owner's menu editor (docs/back-office.md, "Menu"): a draft of the whole menu, saved against the 'menu' revision,
// published in one transaction under the next menuVersion, or discarded.

async function menuIdOf(repositories: Repositories): Promise<number> {
  return (await restaurantOf(repositories)).menuId;
}

async function publishedOf(reader: MenuReader, menuId: number) {
  const published = await reader.readPublished(menuId);
  if (published === undefined) throw new Error(`The restaurant's menu ${menuId} is missing from the database`);
  return { menuVersion: published.menuVersion, categories: canonicalMenu(published.categories) };
}

/** The menu as the owner edits it, read in `reader` (a save's transaction, so that the answer is what it wrote). */
async function managedMenuOf(reader: MenuReader, menuId: number, revision: number): Promise<ManagedMenu> {
  const [published, draft] = await Promise.all([publishedOf(reader, menuId), reader.readDraft(menuId)]);
  const unpublishedChanges = draft === undefined ? [] : menuChanges(published.categories, draft).map((change) => change.summary);
  return {
    menuId,
    menuVersion: published.menuVersion,
    revision,
    hasDraft: draft !== undefined,
    differsFromPublished: unpublishedChanges.length > 0,
    unpublishedChanges,
    categories: draft ?? published.categories,
  };
}

function idsOf(categories: readonly EditableMenuCategory[]): PublishedMenuIds {
  const items = categories.flatMap((category) => category.items);
  return {
    categoryIds: new Set(categories.map((category) => category.categoryId!)),
    itemIds: new Set(items.map((item) => item.itemId!)),
    itemOfConfig: new Map(items.flatMap((item) => item.options.map((option) => [option.configId!, item.itemId!] as const))),
  };
}

/** Refuses (400, every failing field) a draft the published menu `published` cannot become. */
function checkDraft(categories: readonly EditableMenuCategory[], published: readonly EditableMenuCategory[]) {
  const failures = menuDraftFailures(categories, idsOf(published));
  if (failures.length > 0) throw new ApiError(400, null, failures);
}

type Who = { editor: Editor; now: Date };

/** Saves `change` to the menu at `revision` and answers the menu as it then is (the revision moved on by one). */
async function saveMenuEdit(
  context: ServiceContext,
  who: Who,
  revision: number,
  change: (transaction: Transaction<DatabaseSchema>, menuId: number) => Promise<ReturnType<typeof menuChanges>>,
): Promise<EditOutcome<ManagedMenu>> {
  const menuId = await menuIdOf(context.repositories);
  return saveEdit(context, 'menu', revision, who, async (transaction) => {
    const audit = await change(transaction, menuId);
    return { result: await managedMenuOf(readerIn(transaction), menuId, revision + 1), audit };
  });
}

/**
 * `categories` with each dish's photo as uploaded (its sizes are the server's, not the caller's) and the alt text the
 * owner gave it; refuses (400) a photo that was never uploaded.
 */
async function withUploadedPhotos(transaction: Transaction<DatabaseSchema>, categories: EditableMenuCategory[]): Promise<EditableMenuCategory[]> {
  const mediaIds = categories.flatMap((category) => category.items.flatMap((item) => (item.photo ? [item.photo.mediaId] : [])));
  const uploaded = await findPhotos(transaction, mediaIds);
  const failures: { field: string; message: string }[] = [];
  const resolved = categories.map((category, categoryIndex) => ({
    ...category,
    items: category.items.map((item, itemIndex) => {
      if (item.photo === undefined) return item;
      const photo = uploaded.get(item.photo.mediaId);
      if (photo === undefined) {
        failures.push({ field: `categories[${categoryIndex}].items[${itemIndex}].photo`, message: NOT_UPLOADED_MESSAGE });
        return item;
      }
      return { ...item, photo: { ...photo, alt: item.photo.alt } };
    }),
  }));
  if (failures.length > 0) throw new ApiError(400, null, failures);
  return resolved;
}

/** The menu as the owner edits it now: the draft when there is one, with what it changes. */
export async function managedMenu({ repositories }: ServiceContext): Promise<ManagedMenu> {
  const [menuId, revision] = await Promise.all([menuIdOf(repositories), repositories.edits.revisionOf('menu')]);
  return managedMenuOf(repositories.menuEditor, menuId, revision);
}

/** Saves `categories` as the menu's draft (refused, 400, when the published menu cannot become it). */
export function saveMenuDraft(context: ServiceContext, who: Who, revision: number, categories: EditableMenuCategory[]): Promise<EditOutcome<ManagedMenu>> {
  return saveMenuEdit(context, who, revision, async (transaction, menuId) => {
    const draft = await withUploadedPhotos(transaction, canonicalMenu(categories));
    const published = await publishedOf(readerIn(transaction), menuId);
    checkDraft(draft, published.categories);
    await writeMenuDraft(transaction, menuId, draft, who.now);
    const unpublished = menuChanges(published.categories, draft).length;
    const summary = `Saved a draft of the menu (${unpublished === 1 ? '1 change' : `${unpublished} changes`} not yet published)`;
    return [{ area: 'menu', summary, before: null, after: null }];
  });
}

/** Publishes the draft as the next menuVersion, in one transaction with its audit lines, and drops the draft. */
export function publishMenuDraft(context: ServiceContext, who: Who, revision: number): Promise<EditOutcome<ManagedMenu>> {
  return saveMenuEdit(context, who, revision, async (transaction, menuId) => {
    const [published, draft] = await Promise.all([publishedOf(readerIn(transaction), menuId), readMenuDraft(transaction, menuId)]);
    if (draft === undefined) throw new ApiError(400, NO_DRAFT_MESSAGE);
    checkDraft(draft, published.categories);
    const changes = menuChanges(published.categories, draft);
    if (changes.length === 0) throw new ApiError(400, NOTHING_TO_PUBLISH_MESSAGE);
    const menuVersion = await publishMenu(transaction, menuId, draft);
    await dropMenuDraft(transaction, menuId);
    return [{ area: 'menu', summary: `Published the menu as version ${menuVersion}`, before: null, after: null }, ...changes];
  });
}

/** Drops the draft, if there is one. */
export function discardMenuDraft(context: ServiceContext, who: Who, revision: number): Promise<EditOutcome<ManagedMenu>> {
  return saveMenuEdit(context, who, revision, async (transaction, menuId) => {
    const draft = await readMenuDraft(transaction, menuId);
    await dropMenuDraft(transaction, menuId);
    return draft === undefined ? [] : [{ area: 'menu', summary: 'Discarded the draft of the menu', before: null, after: null }];
  });
}
