import type { components } from '../api/schema.gen';
import type { ValidationFailure } from './apiErrors';
import { orderedRows, PAGE_NAMES } from './pageContent';
import { photoFileName } from './photoSizes';

// The rules of a page the owner writes (docs/back-office.md, "Pages"), for the form and the server alike. The contract
// (openapi.yaml `EditablePageRow` and below) bounds every length; these say what each of SPEC §2's five block types
// needs, and where its links may go. Text is plain: whatever is typed is kept and shown as text, never read as HTML.

export type EditablePageRow = components['schemas']['EditablePageRow'];
export type EditablePageColumn = components['schemas']['EditablePageColumn'];
export type EditableContentBlock = components['schemas']['EditableContentBlock'];
export type EditableBlockData = EditableContentBlock['contentBlockData'];
export type EditableSlide = components['schemas']['EditableSlide'];
export type BlockType = EditableContentBlock['contentBlockType'];

export interface EditablePage {
  title: string;
  rows: EditablePageRow[];
}

/** The contract's limits, named once for the form's `maxLength`s. */
export const PAGE_LIMITS = { title: 120, header: 120, paragraph: 2000, ctaText: 60, ctaLink: 500, alt: 200 } as const;

/** What the owner calls each of SPEC §2's block types (contentBlockType 0 to 4). */
export const BLOCK_TYPE_NAMES: Readonly<Record<BlockType, string>> = {
  0: 'Text',
  1: 'Button to a page of this site',
  2: 'Button to another website',
  3: 'Photo carousel',
  4: 'Card',
};

/** The fields each block type has (ContentBlock's types in openapi.yaml); any other is refused, not silently dropped. */
export const BLOCK_FIELDS: Readonly<Record<BlockType, readonly (keyof EditableBlockData)[]>> = {
  0: ['header', 'content'],
  1: ['header', 'content', 'ctaText', 'ctaLink'],
  2: ['header', 'content', 'ctaText', 'ctaLink'],
  3: ['slides'],
  4: ['header', 'header1', 'header2', 'content', 'ctaText', 'ctaLink', 'ctaIcon'],
};

/** What each card icon (SPEC §2 `ctaIcon`, 0 to 3) shows, as src/components/content/ContentCard.tsx draws it. */
export const CARD_ICON_NAMES = ['Phone', 'Email', 'Map pin', 'Shopping bag'] as const;

const SITE_PATH = /^\/(?!\/)[^\s\\]*$/;
/** A photo's address goes into a `srcset` (and the served preload's `imagesrcset`), where a comma or a space would start another candidate. */
const PHOTO_PATH = /^\/(?!\/)[^\s\\,]*$/;
const WEB_ADDRESS = /^https:\/\/[^\s/\\]+[^\s\\]*$/;
const PHONE_OR_MAIL = /^(tel:\+?[0-9 ]{3,20}|mailto:[^\s@]+@[^\s@]+)$/;

export const SITE_PATH_MESSAGE = 'must be a page of this site, starting with /, for example /order';
export const WEB_ADDRESS_MESSAGE = 'must be a web address starting with https://';
export const CARD_LINK_MESSAGE = 'must be a page of this site (/order), a web address (https://…), a phone number (tel:…) or an email address (mailto:…)';
export const REQUIRED_MESSAGE = 'is required';
export const ALT_MESSAGE = 'is required: say what the photo shows, for customers who cannot see it';
export const PHOTO_PATH_MESSAGE = 'must be a photo of this site, starting with / and without commas or spaces';
/** A new page's address that the site already uses for one of its own screens (/order, /checkout, /manage). */
export const PAGE_ADDRESS_TAKEN_MESSAGE = 'is taken: choose another address';
/** Why the site's own pages cannot be removed: the header and the footer of every page link to them. */
export const SITE_PAGE_KEPT_MESSAGE =
  'The gallery, About Us and the privacy, cookies and terms pages are part of the site, linked from every page: you can change them, but not remove them';

/** A page at one of the site's own routes (PAGE_NAMES), which the owner edits but never removes. */
export function isSitePage(pageName: string): boolean {
  return Object.values(PAGE_NAMES).some((name) => name.toLowerCase() === pageName.toLowerCase());
}

const blank = (text: string | undefined) => text === undefined || text.trim() === '';

/** Where a card's or a button's link may go: a site path, an https address, a phone number or an email address. */
export function isCardLink(link: string): boolean {
  return SITE_PATH.test(link) || WEB_ADDRESS.test(link) || PHONE_OR_MAIL.test(link);
}

/** Every field of `block` (at `at`, as the body names it) that breaks its type's rules. */
function blockFailures(block: EditableContentBlock, at: string): ValidationFailure[] {
  const failures: ValidationFailure[] = [];
  const data = block.contentBlockData;
  const fail = (field: string, message: string) => failures.push({ field: `${at}.contentBlockData.${field}`, message });
  const allowed = BLOCK_FIELDS[block.contentBlockType];
  for (const field of Object.keys(data) as (keyof EditableBlockData)[]) {
    if (!allowed.includes(field)) fail(field, `is not a field of a ${BLOCK_TYPE_NAMES[block.contentBlockType].toLowerCase()} block`);
  }
  (data.content ?? []).forEach((paragraph, index) => {
    if (blank(paragraph)) fail(`content[${index}]`, 'is empty: write the paragraph or remove it');
  });
  const needsButton = (linkRule: (link: string) => boolean, linkMessage: string) => {
    if (blank(data.ctaText)) fail('ctaText', REQUIRED_MESSAGE);
    if (blank(data.ctaLink)) fail('ctaLink', REQUIRED_MESSAGE);
    else if (!linkRule(data.ctaLink!)) fail('ctaLink', linkMessage);
  };
  switch (block.contentBlockType) {
    case 0:
      if (blank(data.header) && (data.content ?? []).length === 0) fail('content', 'needs a heading or a paragraph');
      break;
    case 1:
      needsButton((link) => SITE_PATH.test(link), SITE_PATH_MESSAGE);
      break;
    case 2:
      needsButton((link) => WEB_ADDRESS.test(link), WEB_ADDRESS_MESSAGE);
      break;
    case 3:
      if ((data.slides ?? []).length === 0) fail('slides', 'needs at least one photo');
      (data.slides ?? []).forEach((slide, index) => {
        if (blank(slide.alt)) fail(`slides[${index}].alt`, ALT_MESSAGE);
        if (slide.mediaId === undefined && (slide.img === undefined || !PHOTO_PATH.test(slide.img) || slide.width === undefined || slide.height === undefined)) {
          fail(`slides[${index}].mediaId`, 'is required: choose a photo you uploaded');
        }
        (slide.sources ?? []).forEach((source, sourceIndex) => {
          if (!PHOTO_PATH.test(source.img)) fail(`slides[${index}].sources[${sourceIndex}].img`, PHOTO_PATH_MESSAGE);
        });
      });
      break;
    case 4:
      if (blank(data.header)) fail('header', REQUIRED_MESSAGE);
      if (blank(data.ctaText) !== blank(data.ctaLink)) fail(blank(data.ctaText) ? 'ctaText' : 'ctaLink', 'is required with the button\'s other field');
      if (!blank(data.ctaLink) && !isCardLink(data.ctaLink!)) fail('ctaLink', CARD_LINK_MESSAGE);
      break;
  }
  return failures;
}

/** Every field of `page` that breaks a rule, named as the body names it (`rows[0].columns[1].contentBlocks[0].contentBlockData.ctaLink`). */
export function pageDraftFailures(page: EditablePage): ValidationFailure[] {
  const failures: ValidationFailure[] = [];
  if (blank(page.title)) failures.push({ field: 'title', message: REQUIRED_MESSAGE });
  if (page.rows.length === 0) failures.push({ field: 'rows', message: 'must have at least one row' });
  page.rows.forEach((row, rowIndex) => {
    row.columns.forEach((column, columnIndex) => {
      column.contentBlocks.forEach((block, blockIndex) => {
        failures.push(...blockFailures(block, `rows[${rowIndex}].columns[${columnIndex}].contentBlocks[${blockIndex}]`));
      });
    });
  });
  return failures;
}

type Page = components['schemas']['Page'];
type ContentBlock = Page['rows'][number]['columns'][number]['contentBlocks'][number];
type CarouselSlide = components['schemas']['CarouselSlide'];
type Photo = components['schemas']['Photo'];

/** A slide of an uploaded photo: its widest WebP copy, with the narrower ones to choose from. */
export function slideOfPhoto(photo: Photo, alt: string): CarouselSlide {
  const widest = photo.widths[photo.widths.length - 1]!;
  const sized = (width: number) => ({ img: `/media/${photoFileName(photo.mediaId, width, 'webp')}`, width });
  return {
    img: sized(widest).img,
    alt,
    width: widest,
    height: Math.round((widest * photo.height) / photo.width),
    sources: photo.widths.slice(0, -1).map(sized),
  };
}

/** A slide as served: an uploaded photo's as `photos` has it (the server's own record), else as the slide carries it. */
function slideOf(slide: EditableSlide, photos: ReadonlyMap<string, Photo>): CarouselSlide {
  const alt = slide.alt.trim();
  const photo = slide.mediaId === undefined ? undefined : photos.get(slide.mediaId);
  if (photo !== undefined) return slideOfPhoto(photo, alt);
  const sources = slide.sources?.map(({ img, width }) => ({ img, width }));
  return { img: slide.img!, alt, width: slide.width!, height: slide.height!, ...(sources ? { sources } : {}) };
}

/** `block` with its type's fields only, trimmed, as the contract's ContentBlock (checked by pageDraftFailures first). */
function blockOf(block: EditableContentBlock, photos: ReadonlyMap<string, Photo>): ContentBlock {
  const data = block.contentBlockData;
  const text = (value: string | undefined) => value?.trim() ?? '';
  const header = text(data.header) ? { header: text(data.header) } : {};
  const content = (data.content ?? []).map((paragraph) => paragraph.trim());
  switch (block.contentBlockType) {
    case 0:
      return { contentBlockType: 0, contentBlockData: { ...header, content } };
    case 1:
    case 2:
      return { contentBlockType: block.contentBlockType, contentBlockData: { ...header, ...(content.length ? { content } : {}), ctaText: text(data.ctaText), ctaLink: text(data.ctaLink) } };
    case 3:
      return { contentBlockType: 3, contentBlockData: { slides: (data.slides ?? []).map((slide) => slideOf(slide, photos)) } };
    case 4:
      return {
        contentBlockType: 4,
        contentBlockData: { header: text(data.header), header1: text(data.header1), header2: text(data.header2), content, ctaText: text(data.ctaText), ctaLink: text(data.ctaLink), ctaIcon: data.ctaIcon ?? 0 },
      };
  }
}

/** The uploaded photos `page`'s slides name. */
export function mediaIdsOf(page: EditablePage): string[] {
  const slides = page.rows.flatMap((row) => row.columns.flatMap((column) => column.contentBlocks.flatMap((block) => block.contentBlockData.slides ?? [])));
  return slides.flatMap((slide) => (slide.mediaId ? [slide.mediaId] : []));
}

/**
 * `page` as visitors are served it: rows and columns numbered in the order written, each block with its type's fields,
 * a slide of an uploaded photo from `photos` (the form's preview has none, and shows the slide as it carries it).
 */
export function servedPage(pageName: string, page: EditablePage, photos: ReadonlyMap<string, Photo>): Page {
  return {
    pageName,
    title: page.title.trim(),
    rows: page.rows.map((row, rowIndex) => ({
      row: rowIndex + 1,
      columns: row.columns.map((column, columnIndex) => ({ order: columnIndex + 1, sizes: column.sizes, contentBlocks: column.contentBlocks.map((block) => blockOf(block, photos)) })),
    })),
  };
}


/** A served page as the owner edits it: its rows and columns in order (their numbers are their places), each block as it is. */
export function editablePage(page: Page): EditablePage {
  return {
    title: page.title,
    rows: orderedRows(page).map((row) => ({
      columns: row.columns.map((column) => ({
        sizes: { ...column.sizes },
        contentBlocks: column.contentBlocks.map((block) => ({ contentBlockType: block.contentBlockType, contentBlockData: structuredClone(block.contentBlockData) as EditableBlockData })),
      })),
    })),
  };
}
