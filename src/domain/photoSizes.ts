/**
 * The widths, in pixels, that an uploaded photo is made at (docs/back-office.md, "Photos"): a dish's thumbnail is shown
 * 96 CSS pixels wide on the menu (at 1x to 3x screens, and 160 for its larger view), so 160, 320 and 640 cover it.
 * A photo narrower than a width is not enlarged to it.
 */
export const PHOTO_WIDTHS = [160, 320, 640] as const;

export type PhotoFormat = 'avif' | 'webp';
export const PHOTO_FORMATS: readonly PhotoFormat[] = ['avif', 'webp'];

/** The file name of a photo's copy at `width` in `format`, served under /media/. */
export const photoFileName = (mediaId: string, width: number, format: PhotoFormat) => `${mediaId}-${width}.${format}`;

/** An <img>/<source> srcset of a photo's copies in `format`. */
export function photoSrcSet(photo: { mediaId: string; widths: readonly number[] }, format: PhotoFormat): string {
  return photo.widths.map((width) => `/media/${photoFileName(photo.mediaId, width, format)} ${width}w`).join(', ');
}

/** The widths to make of a photo `originalWidth` pixels wide: those it reaches, or its own width when it is narrower than all. */
export function widthsFor(originalWidth: number): number[] {
  const reached = PHOTO_WIDTHS.filter((width) => width <= originalWidth);
  return reached.length > 0 ? reached : [originalWidth];
}



/** A shared link's picture (Open Graph `og:image`): the size Facebook, WhatsApp and X show largest, cropped from the original. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/** The file name of a photo's shared-link picture, a JPEG since not every app that previews links reads AVIF or WebP. */
export const shareImageFileName = (mediaId: string) => `${mediaId}-share.jpg`;

/** The uploaded photo an image address shows (one of its copies under /media/), if it is one. */
export function mediaIdOfImage(address: string): string | undefined {
  return /^\/media\/([0-9a-f]{64})-\d{1,5}\.(?:avif|webp)$/.exec(address)?.[1];
}

/** The home page's photo fills the page's column (HomeScreen.module.css `.photo`): its `sizes`. */
export const HOME_PHOTO_SIZES = '(min-width: 75rem) 73rem, calc(100vw - 2rem)';
