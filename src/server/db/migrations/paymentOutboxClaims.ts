import type { Kysely, Migration } from 'kysely';

// Every app server runs an outbox worker on the one database (docs/deployment.md). Without a claim, two workers could
// read the same due PayPal step and send it at once; PayPal then answers one of them "a previous request is in
// progress", which was taken for a refusal. A worker now claims a step in one conditional update before sending it, as
// the notification and print outboxes do (docs/payments.md, "The outbox worker").

export const paymentOutboxClaims: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('payment_outbox').addColumn('claimed_until', 'text').execute();
  },
};
