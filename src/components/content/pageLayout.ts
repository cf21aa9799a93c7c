import type { components } from '../../api/schema.gen';
import { firstPhoto, photoSrcSet } from '../../domain/pageContent';

type Page = components['schemas']['Page'];

/**
 * Asks for the first carousel's first photo (the page's largest paint) as soon as the page data is here, while the
 * screen's code is still on its way, instead of once the screen draws it.
 */
export function preloadFirstPhoto(document: Document, page: Page): void {
  const photo = firstPhoto(page);
  if (!photo) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = photo.slide.img;
  const srcSet = photoSrcSet(photo.slide);
  if (srcSet) {
    link.imageSrcset = srcSet;
    link.imageSizes = photo.sizes;
  }
  link.fetchPriority = 'high';
  document.head.append(link);
}
