import type { Insertable, Kysely } from 'kysely';
import { POINTS_VOUCHER_TITLE, POINTS_VOUCHER_VALUE_PENCE, pointsEarned } from '../../../domain/loyalty';
import { AcceptanceStatus, BasketStatus, KitchenStatus, OrderType, PaymentType, type OrderTypeValue } from '../../../domain/orderEnums';
import { orderSummaryOf } from '../../domain/account';
import type { PricedLine } from '../../domain/basket';
import { priceBasket } from '../../domain/basketPricing';
import { VoucherType } from '../../domain/discounts';
import { unusedLoyaltyId } from '../accountRepository';
import { oneSeederAtATime } from '../database';
import { newChangeTag } from '../loyaltyLedger';
import { newPublicId } from '../../randomIds';
import { lineRows, nextOrderNumber } from '../orderRepository';
import { runOnKysely } from '../statementSteps';
import type { AccountVouchersTable, DatabaseSchema } from '../schema';
import { goldenDragonDemoData } from './demoData';

// The demo customer's account (local mode, README's demo accounts): a 10 % profile discount, points, one voucher of
// each type, an address in a delivery zone and two completed orders, so that every part of the account shows on
// `npm start`. Its identity user is seeded by the emulator (src/server/local/identity/emulator.ts), whose `sub` keys it.

const DAY_MS = 86_400_000;
const FRIDAY = 5;

const demoProfile = { name: 'Mei Chen', phone: '07700 900123', discountPercent: 10, points: 60 };

const demoAddress = {
  address1: '14 Headingley Lane',
  address2: 'Flat 3',
  town: 'Leeds',
  county: 'West Yorkshire',
  post_code: 'LS6 1BN',
};

type DemoVoucher = Pick<Insertable<AccountVouchersTable>, 'voucher_type' | 'title' | 'value_pence' | 'percent' | 'valid_day' | 'source'>;

const demoVouchers: DemoVoucher[] = [
  { voucher_type: VoucherType.Discount, title: '£3 off your order', value_pence: 300, percent: null, valid_day: null, source: 'restaurant' },
  {
    voucher_type: VoucherType.Points,
    title: POINTS_VOUCHER_TITLE,
    value_pence: POINTS_VOUCHER_VALUE_PENCE,
    percent: null,
    valid_day: null,
    source: 'points',
  },
  { voucher_type: VoucherType.PercDiscount, title: '15% off on Fridays', value_pence: null, percent: 15, valid_day: FRIDAY, source: 'restaurant' },
];

interface DemoOrder {
  daysAgo: number;
  orderType: OrderTypeValue;
  lines: Array<{ itemId: number; configId?: number; quantity: number }>;
}

// The older order has the soft-shell crab, which the demo menu marks unavailable: ordering it again shows a removed item.
const demoOrders: DemoOrder[] = [
  {
    daysAgo: 2,
    orderType: OrderType.Delivery,
    lines: [
      { itemId: 701, configId: 7012, quantity: 1 },
      { itemId: 302, quantity: 1 },
      { itemId: 1102, configId: 11021, quantity: 2 },
    ],
  },
  {
    daysAgo: 9,
    orderType: OrderType.Collection,
    lines: [
      { itemId: 1302, configId: 13022, quantity: 1 },
      { itemId: 1202, quantity: 1 },
      { itemId: 112, quantity: 1 },
    ],
  },
];

function pricedLinesOf(order: DemoOrder): PricedLine[] {
  const { menu } = goldenDragonDemoData;
  return order.lines.map((line) => {
    const category = menu.categories.find((candidate) => candidate.items.some((item) => item.itemId === line.itemId));
    const item = category?.items.find((candidate) => candidate.itemId === line.itemId);
    if (category === undefined || item === undefined) throw new Error(`The demo customer's order names item ${line.itemId}, not on the demo menu`);
    const option = item.configItems?.find((candidate) => candidate.configId === line.configId);
    const itemCostPence = item.costPence + (option?.extraCostPence ?? 0);
    return {
      categoryId: category.categoryId,
      itemId: item.itemId,
      configId: option?.configId ?? null,
      configOption: option?.label ?? null,
      quantity: line.quantity,
      title: item.title,
      itemCostPence,
      lineCostPence: itemCostPence * line.quantity,
      specialRequest: '',
    };
  });
}

/**
 * The demo customer's account, keyed by the emulator's `sub` for the demo user. Idempotent: an account already there
 * is kept; one found by email under another `sub` (the emulator's store was wiped) is moved to this one.
 */
export async function seedDemoCustomer(
  db: Kysely<DatabaseSchema>,
  { authSub, email, now }: { authSub: string; email: string; now: Date },
): Promise<{ outcome: 'kept' | 'moved' | 'created' }> {
  return db.transaction().execute(async (transaction) => {
    await oneSeederAtATime(transaction);
    if ((await transaction.selectFrom('accounts').select('auth_sub').where('auth_sub', '=', authSub).executeTakeFirst()) !== undefined) {
      return { outcome: 'kept' };
    }
    const previous = await transaction.selectFrom('accounts').select('auth_sub').where('email', '=', email).executeTakeFirst();
    if (previous !== undefined) {
      // Addresses, vouchers and loyalty events follow (on update cascade); the orders name their customer themselves.
      await transaction.updateTable('accounts').set({ auth_sub: authSub, change_tag: newChangeTag() }).where('auth_sub', '=', previous.auth_sub).execute();
      await transaction.updateTable('baskets').set({ account_sub: authSub }).where('account_sub', '=', previous.auth_sub).execute();
      return { outcome: 'moved' };
    }

    const createdAt = new Date(now.getTime() - 30 * DAY_MS).toISOString();
    await transaction
      .insertInto('accounts')
      .values({
        auth_sub: authSub,
        email,
        name: demoProfile.name,
        phone: demoProfile.phone,
        discount_percent: demoProfile.discountPercent,
        points: demoProfile.points,
        loyalty_id: await unusedLoyaltyId(transaction),
        created_at: createdAt,
        last_login_at: null,
        change_tag: newChangeTag(),
      })
      .execute();
    await transaction.insertInto('account_addresses').values({ auth_sub: authSub, position: 0, ...demoAddress }).execute();
    await transaction
      .insertInto('account_vouchers')
      .values(demoVouchers.map((voucher) => ({ ...voucher, auth_sub: authSub, used_by_basket_id: null, withdrawn: 0 as const, created_at: createdAt })))
      .execute();
    for (const order of demoOrders) await insertCompletedOrder(transaction, authSub, email, order, now);
    return { outcome: 'created' };
  });
}

async function insertCompletedOrder(db: Kysely<DatabaseSchema>, authSub: string, email: string, order: DemoOrder, now: Date): Promise<void> {
  const { takeawaySettings, deliveryZones } = goldenDragonDemoData;
  const isDelivery = order.orderType === OrderType.Delivery;
  const zone = deliveryZones.find((candidate) => demoAddress.post_code.startsWith(`${candidate.postcodeDistrict} `));
  const lines = pricedLinesOf(order);
  const pricing = priceBasket({
    lines,
    orderType: order.orderType,
    charges: { bagChargePence: takeawaySettings.bagChargePence, standardDeliveryChargePence: takeawaySettings.standardDeliveryChargePence },
    zone,
    entitlement: { profilePercent: demoProfile.discountPercent, vouchers: [] },
  });
  const confirmedAt = new Date(now.getTime() - order.daysAgo * DAY_MS);
  const leadMinutes = isDelivery ? takeawaySettings.deliveryLeadMinutes : takeawaySettings.collectionLeadMinutes;
  const dueAt = new Date(confirmedAt.getTime() + leadMinutes * 60_000).toISOString();
  const basketId = newPublicId();
  const { orderNumber, orderDate } = await runOnKysely(db, nextOrderNumber(confirmedAt.toISOString()));

  await db
    .insertInto('baskets')
    .values({
      basket_id: basketId,
      order_builder_ref: newPublicId(),
      status: BasketStatus.Confirmed,
      order_type: order.orderType,
      menu_version: goldenDragonDemoData.menu.menuVersion,
      source_type: 'Website',
      os: 'web',
      os_version: '',
      app_version: '1.0.81',
      ignore_time_offset: 0,
      name: demoProfile.name,
      phone: demoProfile.phone,
      email,
      delivery_address1: isDelivery ? demoAddress.address1 : null,
      delivery_address2: isDelivery ? demoAddress.address2 : null,
      delivery_town: isDelivery ? demoAddress.town : null,
      delivery_postcode: isDelivery ? demoAddress.post_code : null,
      delivery_zone_id: isDelivery ? (zone?.deliveryZoneId ?? null) : null,
      requested_time: null,
      asap: 1,
      payment_type: PaymentType.CashOrder,
      notes: '',
      discount_percent: pricing.discountPercent,
      item_cost: pricing.itemCostPence,
      original_item_cost: pricing.originalItemCostPence,
      discount: pricing.discountPence,
      bag_charge: pricing.bagChargePence,
      delivery_charge: pricing.deliveryChargePence,
      total_cost: pricing.totalCostPence,
      order_ref: newPublicId(),
      order_number: orderNumber,
      order_date: orderDate,
      confirmed_at: confirmedAt.toISOString(),
      created_at: confirmedAt.toISOString(),
      updated_at: confirmedAt.toISOString(),
      revision: 1,
      account_sub: authSub,
      profile_discount: pricing.profileDiscountPence,
      order_summary: orderSummaryOf(lines),
    })
    .execute();
  await db
    .insertInto('basket_lines')
    .values(lineRows(basketId, lines))
    .execute();
  await db
    .insertInto('order_acceptances')
    .values({
      basket_id: basketId,
      status: AcceptanceStatus.Accepted,
      requested_at: confirmedAt.toISOString(),
      update_time: dueAt,
      proposed_time: null,
      refusal_reason: null,
      cancelled_at: null,
      kitchen_status: KitchenStatus.Completed,
      kitchen_status_changed_at: dueAt,
    })
    .execute();
  await db
    .insertInto('loyalty_events')
    .values({ auth_sub: authSub, basket_id: basketId, kind: 'earned', points: pointsEarned(pricing.itemCostPence), created_at: confirmedAt.toISOString() })
    .execute();
}
