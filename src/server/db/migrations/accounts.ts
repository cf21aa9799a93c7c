import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { generatedId, isBetween, isFlag, isNotNegative } from './columnRules';

// Customer accounts (docs/accounts.md): the profile keyed by the identity user's `sub`, addresses, vouchers, the
// points ledger, and which customer each basket was priced for. Money is integer pence; times ISO 8601 text in UTC.

// An account's rows follow it when the demo customer moves to a new `sub` (the emulator's store was wiped) and go
// with it when it is deleted.
const ownedByAccount = (column: ColumnDefinitionBuilder) =>
  column.notNull().references('accounts.auth_sub').onDelete('cascade').onUpdate('cascade');

export const accounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('accounts')
      .addColumn('auth_sub', 'text', (column) => column.primaryKey())
      .addColumn('email', 'text', (column) => column.notNull())
      .addColumn('name', 'text')
      .addColumn('phone', 'text')
      .addColumn('discount_percent', 'double precision', (column) => column.notNull().check(isBetween('discount_percent', 0, 100)))
      .addColumn('points', 'integer', (column) => column.notNull().check(isNotNegative('points')))
      .addColumn('loyalty_id', 'text', (column) => column.notNull().unique())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('last_login_at', 'text')
      .addColumn('change_tag', 'text', (column) => column.notNull().defaultTo(''))
      .execute();
    // The demo customer is found again by email when the emulator has given it a new sub.
    await db.schema.createIndex('accounts_email').on('accounts').column('email').execute();

    await db.schema
      .createTable('account_addresses')
      .addColumn('auth_sub', 'text', ownedByAccount)
      .addColumn('position', 'integer', (column) => column.notNull().check(isNotNegative('position')))
      .addColumn('address1', 'text', (column) => column.notNull())
      .addColumn('address2', 'text', (column) => column.notNull())
      .addColumn('town', 'text', (column) => column.notNull())
      .addColumn('county', 'text', (column) => column.notNull())
      .addColumn('post_code', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('account_addresses_pk', ['auth_sub', 'position'])
      .execute();

    await db.schema
      .createTable('account_vouchers')
      .addColumn('voucher_id', 'integer', generatedId(db))
      .addColumn('auth_sub', 'text', ownedByAccount)
      .addColumn('voucher_type', 'integer', (column) => column.notNull().check(isBetween('voucher_type', 1, 3)))
      .addColumn('title', 'text', (column) => column.notNull())
      .addColumn('value_pence', 'integer', (column) => column.check(isNotNegative('value_pence')))
      .addColumn('percent', 'double precision', (column) => column.check(isBetween('percent', 0, 100)))
      .addColumn('valid_day', 'integer', (column) => column.check(isBetween('valid_day', 0, 6)))
      .addColumn('used_by_basket_id', 'text', (column) => column.references('baskets.basket_id'))
      .addColumn('withdrawn', 'integer', (column) => column.notNull().check(isFlag('withdrawn')))
      .addColumn('source', 'text', (column) => column.notNull().check(sql`source in ('restaurant', 'points')`))
      .addColumn('created_at', 'text', (column) => column.notNull())
      // A fixed or points voucher has a value; a day-specific one a percentage and its day.
      .addCheckConstraint(
        'account_vouchers_terms',
        sql`(voucher_type in (1, 2) and value_pence is not null) or (voucher_type = 3 and percent is not null and valid_day is not null)`,
      )
      .execute();
    await db.schema.createIndex('account_vouchers_auth_sub').on('account_vouchers').column('auth_sub').execute();
    // A refused order gives back the vouchers it used.
    await db.schema.createIndex('account_vouchers_used_by_basket_id').on('account_vouchers').column('used_by_basket_id').execute();

    await db.schema
      .createTable('loyalty_events')
      .addColumn('auth_sub', 'text', ownedByAccount)
      .addColumn('basket_id', 'text', (column) => column.notNull().references('baskets.basket_id'))
      .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('earned', 'reversed')`))
      .addColumn('points', 'integer', (column) => column.notNull().check(isNotNegative('points')))
      .addColumn('created_at', 'text', (column) => column.notNull())
      // Exactly once per order and kind, however often a refusal is repeated.
      .addPrimaryKeyConstraint('loyalty_events_pk', ['basket_id', 'kind'])
      .execute();
    await db.schema.createIndex('loyalty_events_auth_sub').on('loyalty_events').column('auth_sub').execute();

    // No foreign key: a signed-in caller without an account record still prices (as 0 %) a basket of their own.
    await db.schema.alterTable('baskets').addColumn('account_sub', 'text').execute();
    await db.schema
      .alterTable('baskets')
      .addColumn('profile_discount', 'integer', (column) => column.notNull().defaultTo(0).check(isNotNegative('profile_discount')))
      .execute();
    await db.schema.alterTable('baskets').addColumn('order_summary', 'text').execute();
    // GetAccount lists an account's orders newest first.
    await db.schema.createIndex('baskets_account_sub_confirmed_at').on('baskets').columns(['account_sub', 'confirmed_at']).execute();

    await db.schema
      .createTable('basket_vouchers')
      .addColumn('basket_id', 'text', (column) => column.notNull().references('baskets.basket_id').onDelete('cascade'))
      .addColumn('position', 'integer', (column) => column.notNull().check(isNotNegative('position')))
      .addColumn('voucher_id', 'integer', (column) =>
        column.notNull().references('account_vouchers.voucher_id').onDelete('cascade'),
      )
      // What the voucher took off this basket when it was priced.
      .addColumn('discount_pence', 'integer', (column) => column.notNull().check(isNotNegative('discount_pence')))
      .addPrimaryKeyConstraint('basket_vouchers_pk', ['basket_id', 'position'])
      .addUniqueConstraint('basket_vouchers_once', ['basket_id', 'voucher_id'])
      .execute();
  },
};
