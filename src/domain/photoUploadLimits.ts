// An upload's limits, said at the field before the owner sends a photo and checked by the server when it arrives. A
// module of their own: the photos' sizes are read on every public page, these only in the back office and the server.
/** The longest alt text a photo takes (openapi.yaml `Photo.alt`). */
export const PHOTO_MAX_ALT = 200;
export const PHOTO_MAX_MEGABYTES = 10;
/** Phones' largest modes take 48–50 megapixels; decoding more would hold too much of the server's memory. */
export const PHOTO_MAX_MEGAPIXELS = 50;
/** The formats the server's image library reads; a HEIC photo (HEVC inside) is not one of them. */
export const PHOTO_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const PHOTO_UPLOAD_LIMITS_TEXT = `JPEG, PNG, WebP or AVIF, up to ${PHOTO_MAX_MEGABYTES} MB and ${PHOTO_MAX_MEGAPIXELS} megapixels`;
export const PHOTO_TOO_LARGE_MESSAGE = `is too large: at most ${PHOTO_MAX_MEGABYTES} MB`;
