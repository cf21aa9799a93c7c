import { describe, expect, it } from 'vitest';
import { firstCarousel, orderedRows } from '../../src/domain/pageContent';
import { galleryPage } from '../../src/server/db/seed/galleryPage';
import type { Page } from '../../src/shell/pageDataCache';
import { pageNameAt } from '../../src/shell/pageRoutes';

const sizes = { xs: 12, sm: 12, md: 12, lg: 12 };
const text = (header: string) => ({ contentBlockType: 0 as const, contentBlockData: { header, content: [] } });
const carousel = (img: string) => ({ contentBlockType: 3 as const, contentBlockData: { slides: [{ img, alt: img, width: 3, height: 2 }] } });

// Rows and columns arrive in any order; the page is drawn by their numbers.
const shuffled: Page = {
  pageName: 'shuffled',
  title: 'Shuffled',
  rows: [
    { row: 2, columns: [{ order: 1, sizes, contentBlocks: [carousel('/second-row.webp')] }] },
    {
      row: 1,
      columns: [
        { order: 2, sizes, contentBlocks: [carousel('/first-row-second-column.webp')] },
        { order: 1, sizes, contentBlocks: [text('First')] },
      ],
    },
  ],
};

describe('a page of rows and columns', () => {
  it('is laid out by row number, then by column order', () => {
    const rows = orderedRows(shuffled);
    expect(rows.map((row) => row.row)).toEqual([1, 2]);
    expect(rows[0].columns.map((column) => column.order)).toEqual([1, 2]);
  });

  it('meets its first carousel where the visitor does, not where the data lists it', () => {
    expect(firstCarousel(shuffled)?.contentBlockData.slides[0].img).toBe('/first-row-second-column.webp');
    expect(firstCarousel({ ...shuffled, rows: [] })).toBeUndefined();
    expect(firstCarousel(galleryPage)?.contentBlockData.slides[0].img).toBe('/images/gallery/dining-room.webp');
  });
});

describe('the page a start path shows', () => {
  it('names the gallery and the content pages, in any case and with a trailing slash', () => {
    expect(pageNameAt('/gallery')).toBe('Gallery');
    expect(pageNameAt('/Privacy/')).toBe('privacy');
    expect(pageNameAt('/about-us')).toBe('about-us');
  });

  it('names nothing for other routes', () => {
    expect(pageNameAt('/')).toBeUndefined();
    expect(pageNameAt('/order')).toBeUndefined();
    expect(pageNameAt('/allergens')).toBeUndefined();
  });
});
