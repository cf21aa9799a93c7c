import { describe, expect, it } from 'vitest';
import { firstCarousel, firstPhoto, orderedRows, photoSizes, photoSrcSet } from '../../src/domain/pageContent';
import { avifSrcSet } from '../../src/domain/slidePhotos';
import { galleryPage } from '../../src/server/db/seed/galleryPage';
import { demoPhotos, tablePhoto } from '../../src/server/db/seed/demoPhotos';
import { photoFileName } from '../../src/domain/photoSizes';
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
    expect(firstCarousel(galleryPage)?.contentBlockData.slides[0].img).toBe(`/media/${tablePhoto.mediaId}-640.webp`);
  });
});

describe('a photo at the width the layout shows it', () => {
  it('offers every width it comes at, narrowest first, its own included', () => {
    const slide = { img: '/a.webp', alt: 'A', width: 1600, height: 1067, sources: [{ img: '/a-800.webp', width: 800 }, { img: '/a-480.webp', width: 480 }] };
    expect(photoSrcSet(slide)).toBe('/a-480.webp 480w, /a-800.webp 800w, /a.webp 1600w');
    expect(photoSrcSet({ ...slide, sources: [] })).toBeUndefined();
    expect(photoSrcSet({ img: '/a.webp', alt: 'A', width: 1600, height: 1067 })).toBeUndefined();
  });

  it('comes in AVIF only when the photo and every width of it are copies of an uploaded photo, which are made in both formats', () => {
    const copy = (width: number, format: 'avif' | 'webp') => `/media/${'a'.repeat(64)}-${width}.${format}`;
    const uploaded = { img: copy(640, 'webp'), alt: 'A', width: 640, height: 480, sources: [{ img: copy(320, 'webp'), width: 320 }, { img: copy(160, 'webp'), width: 160 }] };
    expect(avifSrcSet(uploaded)).toBe(`${copy(160, 'avif')} 160w, ${copy(320, 'avif')} 320w, ${copy(640, 'avif')} 640w`);
    expect(avifSrcSet({ ...uploaded, sources: undefined })).toBe(copy(640, 'avif'));
    // A width the owner named from elsewhere on the site has no AVIF copy to offer, so neither has the photo.
    expect(avifSrcSet({ ...uploaded, sources: [{ img: '/images/table-320.webp', width: 320 }] })).toBeUndefined();
    expect(avifSrcSet({ ...uploaded, img: '/images/table.webp' })).toBeUndefined();
    expect(avifSrcSet({ ...uploaded, img: copy(640, 'avif') })).toBeUndefined();
  });

  it('is as wide as its column at each breakpoint: a phone asks for a phone-sized photo', () => {
    expect(photoSizes({ xs: 12, sm: 6, md: 4, lg: 3 })).toBe(
      '(min-width: 992px) calc((min(100vw, 75rem) - 2rem) * 3 / 12), (min-width: 768px) calc((min(100vw, 75rem) - 2rem) * 4 / 12), ' +
        '(min-width: 576px) calc((min(100vw, 75rem) - 2rem) * 6 / 12), calc(min(100vw, 75rem) - 2rem)',
    );
  });

  it('is the first carousel’s first photo with its column’s sizes, for the page to ask for first', () => {
    const photo = firstPhoto(shuffled);
    expect(photo?.slide.img).toBe('/first-row-second-column.webp');
    expect(photo?.sizes).toBe(photoSizes(sizes));
    expect(firstPhoto({ ...shuffled, rows: [] })).toBeUndefined();
  });

  it('comes at each width the seeded gallery names, as copies of the demo photos the seed stores', () => {
    const slides = firstCarousel(galleryPage)?.contentBlockData.slides ?? [];
    expect(slides.length).toBeGreaterThan(1);
    for (const slide of slides) {
      const photo = demoPhotos.find((candidate) => slide.img.startsWith(`/media/${candidate.mediaId}-`));
      expect(photo, slide.img).toBeDefined();
      expect(photoSrcSet(slide)).toBe(photo!.widths.map((width) => `/media/${photoFileName(photo!.mediaId, width, 'webp')} ${width}w`).join(', '));
      expect(avifSrcSet(slide)).toBe(photo!.widths.map((width) => `/media/${photoFileName(photo!.mediaId, width, 'avif')} ${width}w`).join(', '));
      expect(slide.alt).toBe(photo!.alt);
    }
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
