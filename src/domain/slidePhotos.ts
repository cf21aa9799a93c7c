import type { components } from '../api/schema.gen';

// Apart from pageContent.ts, which every first load runs: only the carousel's chunk and the server's head need these.

type Slide = Extract<components['schemas']['ContentBlock'], { contentBlockType: 3 }>['contentBlockData']['slides'][number];

/** The AVIF copy of an uploaded photo's WebP copy under /media/ (both are made of every width); none for another address. */
export function avifCopyOf(address: string): string | undefined {
  return /^\/media\/[0-9a-f]{64}-\d{1,5}\.webp$/.test(address) ? address.replace(/\.webp$/, '.avif') : undefined;
}

/**
 * A slide's srcset in AVIF, when the slide's photo and every width of it are copies of an uploaded photo (made in both
 * formats: src/server/media/photos.ts); none otherwise. AVIF is about a third smaller than the WebP at the same width.
 */
export function avifSrcSet(slide: Slide): string | undefined {
  const copies = [...(slide.sources ?? []), { img: slide.img, width: slide.width }].map((copy) => ({ ...copy, img: avifCopyOf(copy.img) }));
  if (copies.some((copy) => copy.img === undefined)) return undefined;
  if (copies.length === 1) return copies[0]!.img;
  return copies
    .sort((first, second) => first.width - second.width)
    .map((copy) => `${copy.img} ${copy.width}w`)
    .join(', ');
}
