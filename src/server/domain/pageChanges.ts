import type { components } from '../../api/schema.gen';
import { BLOCK_FIELDS, BLOCK_TYPE_NAMES } from '../../domain/pageRules';

// What publishing a page changes, in the audit's words (docs/back-office.md, "Pages").

type Page = components['schemas']['Page'];
type PageRow = Page['rows'][number];
type ContentBlock = PageRow['columns'][number]['contentBlocks'][number];

/** The fields of each block type, in the order BLOCK_FIELDS names them, for comparing blocks whatever order their keys came in. */
const blockText = (block: ContentBlock) => JSON.stringify([block.contentBlockType, BLOCK_FIELDS[block.contentBlockType].map((field) => (block.contentBlockData as Record<string, unknown>)[field])]);

/** What publishing `draft` over `published` (none for a new page) changes, a line each. */
export function pageChanges(published: Page | undefined, draft: Page): string[] {
  const name = draft.pageName;
  if (published === undefined) return [`Added the page ${name} ("${draft.title}")`];
  const changes: string[] = [];
  if (published.title !== draft.title) changes.push(`Title of ${name} "${published.title}" → "${draft.title}"`);
  const rows = Math.max(published.rows.length, draft.rows.length);
  for (let rowIndex = 0; rowIndex < rows; rowIndex++) {
    const before = published.rows[rowIndex];
    const after = draft.rows[rowIndex];
    if (before === undefined) changes.push(`Added row ${rowIndex + 1} to ${name}`);
    else if (after === undefined) changes.push(`Removed row ${rowIndex + 1} of ${name}`);
    else {
      const columns = Math.max(before.columns.length, after.columns.length);
      for (let columnIndex = 0; columnIndex < columns; columnIndex++) {
        const was = before.columns[columnIndex];
        const is = after.columns[columnIndex];
        const where = `row ${rowIndex + 1}, column ${columnIndex + 1} of ${name}`;
        if (was === undefined) changes.push(`Added ${where}`);
        else if (is === undefined) changes.push(`Removed ${where}`);
        else {
          if (JSON.stringify(was.sizes) !== JSON.stringify(is.sizes)) changes.push(`Resized ${where}`);
          const blocks = Math.max(was.contentBlocks.length, is.contentBlocks.length);
          for (let blockIndex = 0; blockIndex < blocks; blockIndex++) {
            const old = was.contentBlocks[blockIndex];
            const now = is.contentBlocks[blockIndex];
            const kind = (block: ContentBlock) => BLOCK_TYPE_NAMES[block.contentBlockType].toLowerCase();
            if (old === undefined) changes.push(`Added a ${kind(now!)} block to ${where}`);
            else if (now === undefined) changes.push(`Removed a ${kind(old)} block from ${where}`);
            else if (blockText(old) !== blockText(now)) changes.push(`Changed the ${kind(now)} block ${blockIndex + 1} in ${where}`);
          }
        }
      }
    }
  }
  return changes;
}
