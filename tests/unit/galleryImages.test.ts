import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { galleryPage } from '../../src/server/db/seed/galleryPage';

const publicDirectory = fileURLToPath(new URL('../../public', import.meta.url));
// Six slides on a phone's connection: each image stays small (scripts/demo-images/build.mjs keeps to this).
const maximumBytes = 40 * 1024;

const slides = galleryPage.rows.flatMap((row) =>
  row.columns.flatMap((column) =>
    column.contentBlocks.flatMap((block) => (block.contentBlockType === 3 ? block.contentBlockData.slides : [])),
  ),
);

const ascii = (bytes: Buffer, start: number, length: number) => bytes.toString('latin1', start, start + length);

/** The picture's size as the WebP file's first chunk declares it (RFC 9649), read without an image library. */
function webpDimensions(bytes: Buffer): { width: number; height: number } {
  const chunk = ascii(bytes, 12, 4);
  const data = 20;
  if (chunk === 'VP8 ') {
    // A key frame: 3-byte frame tag, the start code 9d 01 2a, then 14-bit width and height with 2 scaling bits each.
    expect([...bytes.subarray(data + 3, data + 6)]).toEqual([0x9d, 0x01, 0x2a]);
    return { width: bytes.readUInt16LE(data + 6) & 0x3fff, height: bytes.readUInt16LE(data + 8) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    // The signature byte 0x2f, then width − 1 and height − 1 in 14 bits each.
    expect(bytes[data]).toBe(0x2f);
    const packed = bytes.readUInt32LE(data + 1);
    return { width: (packed & 0x3fff) + 1, height: ((packed >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    // 4 bytes of flags, then the canvas width − 1 and height − 1 in 24 bits each.
    return { width: bytes.readUIntLE(data + 4, 3) + 1, height: bytes.readUIntLE(data + 7, 3) + 1 };
  }
  throw new Error(`unexpected first WebP chunk ${JSON.stringify(chunk)}`);
}

describe('the seeded gallery images', () => {
  it('has slides to check', () => {
    expect(slides.length).toBeGreaterThan(0);
  });

  it.each(slides.map((slide) => [slide.img, slide] as const))('%s is a WebP of the declared size, small enough for a phone', (img, slide) => {
    const path = `${publicDirectory}${img}`;
    expect(existsSync(path), `${path} exists`).toBe(true);
    const bytes = readFileSync(path);

    expect(ascii(bytes, 0, 4)).toBe('RIFF');
    expect(ascii(bytes, 8, 4)).toBe('WEBP');
    expect(bytes.readUInt32LE(4) + 8, 'the RIFF size covers the whole file').toBe(bytes.length);
    expect(webpDimensions(bytes)).toEqual({ width: slide.width, height: slide.height });
    expect(bytes.length).toBeLessThanOrEqual(maximumBytes);
  });
});
