import type { Kysely, Transaction } from 'kysely';
import type { DatabaseSchema } from './schema';

// The keys phone orders were placed with (migration 0031, docs/phone-orders.md, "Placing it again").

export interface PhoneOrderKey {
  idempotencyKey: string;
  basketId: string;
  /** Of the order as sent, without its key (phoneOrderFingerprint). */
  fingerprint: string;
}

/**
 * Writes the key for the order about to be placed, first thing in the placing transaction. False when another call
 * holds it already: on PostgreSQL a call whose transaction holds it still is waited for, and the key is its once it
 * has committed (if it rolls back, this call takes the key); SQLite runs one transaction at a time.
 */
export async function claimPhoneOrderKey(transaction: Transaction<DatabaseSchema>, key: PhoneOrderKey, now: string): Promise<boolean> {
  const claimed = await transaction
    .insertInto('phone_order_keys')
    .values({ idempotency_key: key.idempotencyKey, basket_id: key.basketId, fingerprint: key.fingerprint, created_at: now })
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returning('idempotency_key')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** The order placed with `idempotencyKey`, if one was. */
export async function findPhoneOrderKey(db: Kysely<DatabaseSchema>, idempotencyKey: string): Promise<PhoneOrderKey | undefined> {
  const row = await db.selectFrom('phone_order_keys').select(['basket_id', 'fingerprint']).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
  return row === undefined ? undefined : { idempotencyKey, basketId: row.basket_id, fingerprint: row.fingerprint };
}
