import type { components } from '../../api/schema.gen';
import { photoSrcSet } from '../../domain/photoSizes';

type Photo = components['schemas']['Photo'];

/** The size the menu shows a dish's photo at (MenuItemCard.module.css `.photo`), for the browser to pick a width. */
const DISH_PHOTO_SIZES = '96px';

/**
 * A dish's photo beside its text: AVIF where the browser takes it, else WebP, at the width its screen needs. Width and
 * height keep its box from shifting the menu as it loads; below the fold it loads only when scrolled near, and it is
 * decoded off the main thread so scrolling stays smooth.
 */
export function DishPhoto({
  photo,
  className,
  eager = false,
  sizes = DISH_PHOTO_SIZES,
  largestPaint = false,
}: {
  photo: Photo;
  className?: string;
  eager?: boolean;
  /** The width the layout shows it at; a dish's thumbnail by default. */
  sizes?: string;
  /** The page's largest paint, which the served page preloads (src/server/seo/pageHead.ts): fetched first, decoded at once. */
  largestPaint?: boolean;
}) {
  const smallest = photo.widths[0]!;
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={photoSrcSet(photo, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={photoSrcSet(photo, 'webp')} sizes={sizes} />
      <img
        src={`/media/${photo.mediaId}-${smallest}.webp`}
        srcSet={photoSrcSet(photo, 'webp')}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={photo.alt}
        loading={eager || largestPaint ? 'eager' : 'lazy'}
        decoding={largestPaint ? 'sync' : 'async'}
        {...(largestPaint ? { fetchPriority: 'high' as const } : {})}
      />
    </picture>
  );
}
