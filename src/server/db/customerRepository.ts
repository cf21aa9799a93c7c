import { sql, type Kysely } from 'kysely';
import type { VoucherTypeValue } from '../domain/discounts';
import { typedLoyaltyId } from '../domain/loyaltyIds';
import type { DatabaseSchema } from './schema';

// Customers as the owner finds and looks after them (docs/back-office.md, "Customers and loyalty"). The gifts
// themselves are the loyalty ledger's (loyaltyLedger.ts), run in recordChange's transaction.

const MOST_FOUND = 20;

export interface CustomerSummary {
  loyaltyId: string;
  email: string;
  name: string | null;
  points: number;
}

export interface CustomerVoucher {
  voucherId: number;
  voucherType: VoucherTypeValue;
  title: string;
  /** A fixed or points voucher's value; 0 for a day-specific one. */
  valuePence: number;
  /** A day-specific voucher's percentage; 0 for the others. */
  percent: number;
  validDay: number | null;
  state: 'held' | 'used' | 'withdrawn';
  source: 'restaurant' | 'points';
  givenAt: string;
  usedByOrderRef: string | null;
}

export interface CustomerRecord extends CustomerSummary {
  authSub: string;
  phone: string | null;
  discountPercent: number;
  memberSince: string;
  /** Confirmed orders placed with the account. */
  orders: number;
  /** Every voucher the customer has had, newest first. */
  vouchers: CustomerVoucher[];
}

export interface CustomerRepository {
  /** Customers whose email holds `text` (any case), and the one whose loyalty code it is; by email, at most 20. */
  search(text: string): Promise<CustomerSummary[]>;
  findByLoyaltyId(loyaltyId: string): Promise<CustomerRecord | undefined>;
}

export function createCustomerRepository(db: Kysely<DatabaseSchema>): CustomerRepository {
  return {
    async search(text) {
      // LIKE's own characters are matched as themselves: "%" in an email is an email's "%".
      const pattern = `%${text.trim().toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      const loyaltyId = typedLoyaltyId(text);
      const rows = await db
        .selectFrom('accounts')
        .select(['loyalty_id', 'email', 'name', 'points'])
        .where((eb) => {
          const byEmail = eb(sql`lower(${sql.ref('email')})`, 'like', sql`${pattern} escape '\\'`);
          return loyaltyId === undefined ? byEmail : eb.or([byEmail, eb('loyalty_id', '=', loyaltyId)]);
        })
        .orderBy('email')
        .orderBy('loyalty_id')
        .limit(MOST_FOUND)
        .execute();
      return rows.map((row) => ({ loyaltyId: row.loyalty_id, email: row.email, name: row.name, points: row.points }));
    },

    findByLoyaltyId: (loyaltyId) => readCustomer(db, loyaltyId),
  };
}

/** The customer with this loyalty code, read in `db` (a transaction's, after a gift). */
export async function readCustomer(db: Kysely<DatabaseSchema>, loyaltyId: string): Promise<CustomerRecord | undefined> {
  const account = await db.selectFrom('accounts').selectAll().where('loyalty_id', '=', loyaltyId).executeTakeFirst();
  if (account === undefined) return undefined;
  const [vouchers, orders] = await Promise.all([
    db
      .selectFrom('account_vouchers')
      .leftJoin('baskets', 'baskets.basket_id', 'account_vouchers.used_by_basket_id')
      .selectAll('account_vouchers')
      .select('baskets.order_ref')
      .where('account_vouchers.auth_sub', '=', account.auth_sub)
      .orderBy('account_vouchers.voucher_id', 'desc')
      .execute(),
    db
      .selectFrom('baskets')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('orders'))
      .where('account_sub', '=', account.auth_sub)
      .where('confirmed_at', 'is not', null)
      .executeTakeFirst(),
  ]);
  return {
    authSub: account.auth_sub,
    loyaltyId: account.loyalty_id,
    email: account.email,
    name: account.name,
    phone: account.phone,
    points: account.points,
    discountPercent: Number(account.discount_percent),
    memberSince: account.created_at,
    orders: Number(orders?.orders ?? 0),
    vouchers: vouchers.map((voucher) => ({
      voucherId: voucher.voucher_id,
      voucherType: voucher.voucher_type as VoucherTypeValue,
      title: voucher.title,
      valuePence: voucher.value_pence ?? 0,
      percent: voucher.percent === null ? 0 : Number(voucher.percent),
      validDay: voucher.valid_day,
      state: voucher.withdrawn === 1 ? 'withdrawn' : voucher.used_by_basket_id === null ? 'held' : 'used',
      source: voucher.source,
      givenAt: voucher.created_at,
      usedByOrderRef: voucher.order_ref,
    })),
  };
}
