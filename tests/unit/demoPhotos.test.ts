import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { goldenDragonDemoData } from '../../src/server/db/seed/demoData';
import { demoPhotos, tablePhoto } from '../../src/server/db/seed/demoPhotos';
import { galleryPage } from '../../src/server/db/seed/galleryPage';

// The demo's own photos (scripts/demo-images/build.mjs): enough dishes, the home page's and the gallery's, each original
// a photo of the size the seed records and light enough to keep in the repository.

const directory = fileURLToPath(new URL('../../src/server/db/seed/photos/', import.meta.url));
const MAXIMUM_BYTES = 300 * 1024;

const originals = readdirSync(directory).filter((file) => file.endsWith('.jpg'));
const byMediaId = new Map(originals.map((file) => [createHash('sha256').update(readFileSync(`${directory}${file}`)).digest('hex'), file]));

describe('the demo photos', () => {
  it.each(demoPhotos.map((photo) => [photo.alt, photo] as const))('%s: a JPEG of the recorded size, at most 300 KB', async (_alt, photo) => {
    const file = byMediaId.get(photo.mediaId);
    expect(file, 'its original is in the repository').toBeDefined();
    const path = `${directory}${file}`;
    expect(statSync(path).size).toBeLessThanOrEqual(MAXIMUM_BYTES);
    const { format, width, height } = await sharp(path).metadata();
    expect({ format, width, height }).toEqual({ format: 'jpeg', width: photo.width, height: photo.height });
  });

  it('show at least twelve dishes of the menu, the home page and the gallery', () => {
    const dishesWithPhotos = goldenDragonDemoData.menu.categories.flatMap((category) => category.items).filter((item) => item.photo);
    expect(dishesWithPhotos.length).toBeGreaterThanOrEqual(12);
    expect(new Set(dishesWithPhotos.map((dish) => dish.photo!.mediaId)).size).toBe(dishesWithPhotos.length);
    expect(goldenDragonDemoData.takeawaySettings.sharePhoto).toEqual(tablePhoto);
    const slides = galleryPage.rows.flatMap((row) => row.columns.flatMap((column) => column.contentBlocks.flatMap((block) => (block.contentBlockType === 3 ? block.contentBlockData.slides : []))));
    expect(slides.length).toBeGreaterThanOrEqual(4);
    expect(goldenDragonDemoData.photos).toEqual(demoPhotos);
  });
});
