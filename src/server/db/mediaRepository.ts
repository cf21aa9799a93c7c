import type { Kysely, Transaction } from 'kysely';
import type { components } from '../../api/schema.gen';
import type { DatabaseSchema } from './schema';

type Photo = components['schemas']['Photo'];
type Reader = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** The photos the owner uploaded (migration 0023); their files are in the media store. */
export interface MediaRepository {
  /** The stored photo `mediaId`, with the alt text it was uploaded with. */
  find(mediaId: string): Promise<Photo | undefined>;
  add(photo: Photo, originalType: string, uploadedAt: Date): Promise<void>;
}

export async function findPhotos(db: Reader, mediaIds: readonly string[]): Promise<Map<string, Photo>> {
  if (mediaIds.length === 0) return new Map();
  const rows = await db.selectFrom('media').selectAll().where('media_id', 'in', [...new Set(mediaIds)]).execute();
  return new Map(
    rows.map((row) => [row.media_id, { mediaId: row.media_id, alt: row.alt, width: row.width, height: row.height, widths: JSON.parse(row.widths) as number[] }]),
  );
}

export function createMediaRepository(db: Kysely<DatabaseSchema>): MediaRepository {
  return {
    async find(mediaId) {
      return (await findPhotos(db, [mediaId])).get(mediaId);
    },
    async add({ mediaId, alt, width, height, widths }, originalType, uploadedAt) {
      await db
        .insertInto('media')
        .values({ media_id: mediaId, alt, width, height, widths: JSON.stringify(widths), original_type: originalType, uploaded_at: uploadedAt.toISOString() })
        .onConflict((conflict) => conflict.column('media_id').doNothing())
        .execute();
    },
  };
}
