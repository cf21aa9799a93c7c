import type { components } from '../../api/schema.gen';

type Page = components['schemas']['Page'];
type PageColumn = components['schemas']['PageColumn'];
type ContentBlock = components['schemas']['ContentBlock'];
type CarouselBlock = Extract<ContentBlock, { contentBlockType: 3 }>;

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

/**
 * Asks for the first carousel's first photo (the page's largest paint) as soon as the page data is here, while the
 * screen's code is still on its way, instead of once the screen draws it.
 */
export function preloadFirstPhoto(document: Document, page: Page): void {
  const photo = firstCarousel(page)?.contentBlockData.slides[0];
  if (!photo) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = photo.img;
  link.fetchPriority = 'high';
  document.head.append(link);
}
