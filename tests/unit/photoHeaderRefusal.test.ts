import { describe, expect, it } from 'vitest';
import { HEIC_PHOTO_MESSAGE, NOT_A_PHOTO_MESSAGE, photoHeaderRefusal, TOO_MANY_PIXELS_MESSAGE } from '../../src/server/media/photos';

// What an upload's header alone decides (docs/back-office.md, "Photos"): the formats the image library reads, and the
// pixel limit, which a phone's largest mode stays within.

describe('a photo told by its header', () => {
  it('takes a JPEG, PNG, WebP and AVIF (HEIF holding AV1)', () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) expect(photoHeaderRefusal({ format, width: 4000, height: 3000 })).toBeUndefined();
    expect(photoHeaderRefusal({ format: 'heif', compression: 'av1', width: 4000, height: 3000 })).toBeUndefined();
  });

  it("refuses an iPhone's HEIC (HEIF holding HEVC), which cannot be decoded here, saying how to send it instead", () => {
    expect(photoHeaderRefusal({ format: 'heif', compression: 'hevc', width: 4032, height: 3024 })).toBe(HEIC_PHOTO_MESSAGE);
    expect(HEIC_PHOTO_MESSAGE).toMatch(/JPEG/);
  });

  it('refuses what is not a photo, or a moving one', () => {
    expect(photoHeaderRefusal({ format: 'gif', width: 400, height: 300 })).toBe(NOT_A_PHOTO_MESSAGE);
    expect(photoHeaderRefusal({ format: 'svg', width: 400, height: 300 })).toBe(NOT_A_PHOTO_MESSAGE);
    expect(photoHeaderRefusal({ format: 'webp', pages: 12, width: 400, height: 300 })).toBe(NOT_A_PHOTO_MESSAGE);
    expect(NOT_A_PHOTO_MESSAGE).not.toMatch(/HEIC/);
  });

  it("takes a phone's 48 and 50 megapixel photos, and refuses more", () => {
    expect(photoHeaderRefusal({ format: 'jpeg', width: 8064, height: 6048 })).toBeUndefined();
    expect(photoHeaderRefusal({ format: 'jpeg', width: 8160, height: 6120 })).toBeUndefined();
    expect(photoHeaderRefusal({ format: 'jpeg', width: 8200, height: 6200 })).toBe(TOO_MANY_PIXELS_MESSAGE);
  });
});
