import type { components } from '../api/schema.gen';

type Page = components['schemas']['Page'];
type PageColumn = components['schemas']['PageColumn'];
type ContentBlock = components['schemas']['ContentBlock'];
type CarouselBlock = Extract<ContentBlock, { contentBlockType: 3 }>;
type Slide = CarouselBlock['contentBlockData']['slides'][number];
type ColumnSizes = PageColumn['sizes'];

/**
 * The routes that show one of the restaurant's pages, by the page's name in `GET /pagedata/page/{page}`: fixed routes
 * that are still the owner's pages to edit (the server refuses a new page at any other fixed route).
 */
export const PAGE_NAMES = {
  '/gallery': 'Gallery',
  '/privacy': 'privacy',
  '/cookies': 'cookies',
  '/terms': 'terms',
  '/about-us': 'about-us',
} as const;

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
  return firstCarouselPlace(page)?.carousel;
}

function firstCarouselPlace(page: Page): { carousel: CarouselBlock; column: PageColumn } | undefined {
  for (const { columns } of orderedRows(page)) {
    for (const column of columns) {
      const carousel = column.contentBlocks.find((block): block is CarouselBlock => block.contentBlockType === 3);
      if (carousel) return { carousel, column };
    }
  }
  return undefined;
}

/**
 * The first carousel's first photo, with the width its column gives it: the page's largest paint, worth asking for
 * before anything else, at the width the browser will choose.
 */
export function firstPhoto(page: Page): { slide: Slide; sizes: string } | undefined {
  const place = firstCarouselPlace(page);
  const slide = place?.carousel.contentBlockData.slides[0];
  return place && slide ? { slide, sizes: photoSizes(place.column.sizes) } : undefined;
}

// SPEC §9's breakpoints, widest first, as src/components/content/ContentRows.module.css lays the columns out.
const BREAKPOINTS = [
  { size: 'lg', minWidthPx: 992 },
  { size: 'md', minWidthPx: 768 },
  { size: 'sm', minWidthPx: 576 },
] as const;
// The page's column of content (src/components/SiteLayout.module.css): at most 75rem wide with 1rem padding each side.
const PAGE_WIDTH = 'min(100vw, 75rem) - 2rem';
const GRID_COLUMNS = 12;

/**
 * The `sizes` of a photo in a column of these sizes: its share of the page's width at each breakpoint, so that a phone
 * downloads the width it shows rather than the widest (gaps between columns are left out: a few pixels too wide).
 */
export function photoSizes(sizes: ColumnSizes): string {
  const width = (span: number) => (span >= GRID_COLUMNS ? `calc(${PAGE_WIDTH})` : `calc((${PAGE_WIDTH}) * ${span} / ${GRID_COLUMNS})`);
  return [...BREAKPOINTS.map(({ size, minWidthPx }) => `(min-width: ${minWidthPx}px) ${width(sizes[size])}`), width(sizes.xs)].join(', ');
}

/** The `srcset` of a slide that comes at other widths (its `sources` and itself); none when it comes at one. */
export function photoSrcSet(slide: Slide): string | undefined {
  if (!slide.sources || slide.sources.length === 0) return undefined;
  return [...slide.sources, { img: slide.img, width: slide.width }]
    .sort(byNumber((source) => source.width))
    .map((source) => `${source.img} ${source.width}w`)
    .join(', ');
}

/** The contract's page names (openapi.yaml `PageName`): anything else cannot be a page. */
export function isPageName(name: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(name);
}
