import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { components } from '../../../api/schema.gen';
import { widthsFor } from '../../../domain/photoSizes';
import type { Kysely } from 'kysely';
import type { MediaStore } from '../../media/mediaStore';
import { originalKey } from '../../media/photos';
import { findPhotos } from '../mediaRepository';
import type { DatabaseSchema } from '../schema';
import type { DemoMenu } from './demoDataShape';

type Photo = components['schemas']['Photo'];

// The demo restaurant's photos: drawn by scripts/demo-images/build.mjs (which writes photos/photos.json beside them) and
// stored as an owner's upload is (storeDemoPhotoFiles), so the site serves their AVIF and WebP sizes and shared-link
// pictures like any other. A restaurant replaces them with its own in /manage.

interface PhotoFile {
  file: string;
  alt: string;
  width: number;
  height: number;
}
interface Manifest {
  dishes: (PhotoFile & { dish: string })[];
  table: PhotoFile;
}

const directory = new URL('./photos/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('photos.json', directory), 'utf8')) as Manifest;

/** A demo photo as an upload of the same file would be recorded: named by the SHA-256 of its bytes. */
function photoOf({ file, alt, width, height }: PhotoFile): Photo {
  const mediaId = createHash('sha256').update(readFileSync(new URL(file, directory))).digest('hex');
  return { mediaId, alt, width, height, widths: widthsFor(width) };
}

const dishPhotos = new Map(manifest.dishes.map((entry) => [entry.dish, photoOf(entry)]));

/** The table of dishes: the home page's photo, the picture shared links show, and the gallery's first slide. */
export const tablePhoto = photoOf(manifest.table);

/** The demo photo of a dish, by its title on the demo menu; throws for one the demo has no photo of. */
export function dishPhoto(title: string): Photo {
  const photo = dishPhotos.get(title);
  if (photo === undefined) throw new Error(`The demo has no photo of ${title}`);
  return photo;
}

/** Every demo photo, as the media table records it. */
export const demoPhotos: Photo[] = [tablePhoto, ...dishPhotos.values()];

/** The demo menu with each dish the demo has a photo of carrying it. */
export function withDishPhotos(menu: DemoMenu): DemoMenu {
  const unmatched = new Set(dishPhotos.keys());
  const categories = menu.categories.map((category) => ({
    ...category,
    items: category.items.map((item) => {
      const photo = dishPhotos.get(item.title);
      if (photo === undefined) return item;
      unmatched.delete(item.title);
      return { ...item, photo };
    }),
  }));
  if (unmatched.size > 0) throw new Error(`Demo photos of dishes not on the menu: ${[...unmatched].join(', ')}`);
  return { ...menu, categories };
}

/**
 * Puts the original of every demo photo the database records (the demo was seeded) into the store, as an upload keeps
 * its original; its AVIF and WebP copies and shared-link picture are made from it the first time they are asked for
 * (src/server/media/photos.ts `mediaFile`), so a start does not wait for fifteen photos to be encoded.
 */
export async function storeDemoPhotoFiles(db: Kysely<DatabaseSchema>, store: MediaStore): Promise<void> {
  const files = [manifest.table, ...manifest.dishes];
  const recorded = await findPhotos(db, demoPhotos.map((photo) => photo.mediaId));
  for (const [index, photo] of demoPhotos.entries()) {
    if (!recorded.has(photo.mediaId) || (await store.get(originalKey(photo.mediaId))) !== undefined) continue;
    await store.put(originalKey(photo.mediaId), readFileSync(new URL(files[index]!.file, directory)));
  }
}
