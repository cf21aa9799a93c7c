import type { Kysely, Migration } from 'kysely';

// A delivery zone is a postcode district ("LS6") or, since the back office (docs/back-office.md), a sector ("LS6 2"):
// the column says so. Its unique constraint (delivery_zones_district_unique) follows the column on both dialects.

export const deliveryZoneAreas: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('delivery_zones').renameColumn('postcode_district', 'postcode_area').execute();
  },
};
