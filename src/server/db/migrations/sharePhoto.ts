import type { Kysely, Migration } from 'kysely';

// The restaurant's own photo (docs/back-office.md, "Settings"): chosen by the owner in /manage/settings, shown at the top
// of the home page and in a shared link's preview of any page without a photo of its own. JSON of the API's Photo, or
// null when the owner has chosen none.

export const sharePhoto: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('takeaway_settings').addColumn('share_photo', 'text').execute();
  },
};
