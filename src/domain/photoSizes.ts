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

/** The longest alt text a photo takes (openapi.yaml `Photo.alt`). */
export const PHOTO_MAX_ALT = 200;
