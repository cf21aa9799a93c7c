import type { components } from '../api/schema.gen';

type Page = components['schemas']['Page'];
type PageColumn = components['schemas']['PageColumn'];
type ContentBlock = components['schemas']['ContentBlock'];
type CarouselBlock = Extract<ContentBlock, { contentBlockType: 3 }>;
type Slide = CarouselBlock['contentBlockData']['slides'][number];

function byNumber<T>(key: (item: T) => number) {
  return (first: T, second: T) => key(first) - key(second);
}

/** A page's rows in order of their row number, each with its columns in their order. */
export function orderedRows(page: Page): { row: number; columns: PageColumn[] }[] {
  return [...page.rows].sort(byNumber((row) => row.row)).map((row) => ({
    row: row.row,
    columns: [...row.columns].sort(byNumber((column) => column.order)),
  }));
}

/** The carousel a visitor meets first: only it may be in view on arrival. */
export function firstCarousel(page: Page): CarouselBlock | undefined {
  return orderedRows(page)
    .flatMap((row) => row.columns.flatMap((column) => column.contentBlocks))
    .find((block): block is CarouselBlock => block.contentBlockType === 3);
}

/** The first carousel's first photo: the page's largest paint, worth asking for before anything else. */
export function firstPhoto(page: Page): Slide | undefined {
  return firstCarousel(page)?.contentBlockData.slides[0];
}

/** The contract's page names (openapi.yaml `PageName`): anything else cannot be a page. */
export function isPageName(name: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(name);
}
