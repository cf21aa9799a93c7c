import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where photo files live (docs/back-office.md, "Photos"). Keys are flat names made by the server (`originals/<hash>`,
 * `<hash>-<width>.<avif|webp>`), never a caller's text. The data directory implements it here; an S3-compatible bucket
 * would implement the same three calls (PutObject, GetObject, DeleteObject) with the key as the object key.
 */
export interface MediaStore {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The file's bytes, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
}

/** Where the data directory keeps its photos; every server of a deployment must see the same folder (docs/deployment.md). */
export function mediaDirectoryOf(dataDir: string): string {
  return join(dataDir, 'media');
}

/** The folder of the photos' originals, from which every served copy is made again when first asked for. */
export const ORIGINALS_FOLDER = 'originals';

/** The store under `directory` (DATA_DIR/media). A file is written aside and renamed, so a reader never sees half of it. */
export function directoryMediaStore(directory: string): MediaStore {
  const pathOf = (key: string) => join(directory, key);
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // A name of its own: two requests making the same copy at once must not write into, or rename, each other's file.
      const partial = `${path}.${randomUUID()}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
