import type { Kysely, Migration } from 'kysely';

// The automatic refusal asks for the requests still waiting that were made before the timeout, first thing on every
// read of the kitchen list (every 5 seconds) and on every sweep. With only the index on requested_at that walked every
// older request the restaurant ever had; this one goes straight to those waiting (Requested and not cancelled).

export const waitingRequestsIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('order_acceptances_waiting')
      .on('order_acceptances')
      .columns(['status', 'cancelled_at', 'requested_at'])
      .execute();
  },
};
