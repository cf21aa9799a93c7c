import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { PreparingSqlite, StorageOptions } from './database';
import { lockAccount, newChangeTag, readHeldVouchers, useVouchers } from './loyaltyLedger';
import { recordAuthorised, voidUnrecordedAuthorisation, type PaymentAuthorisation } from './paymentRepository';
import { readInBatches } from './inBatches';
import { findPhoneOrderKey, type PhoneOrderKey } from './phoneOrderKeys';
import { changesOf, firstRowOf, insertRow, rowsOf, runOnKysely, runOnSqlite, type Steps } from './statementSteps';
import { orderSummaryOf, type HeldVoucher } from '../domain/account';
import type { Basket, PricedLine } from '../domain/basket';
import type { DeliveryZone } from '../domain/deliveryZones';
import { PAYMENT_RELEASED_MESSAGE } from '../domain/confirmation';
import { londonDateAt } from '../../domain/londonClock';
import { postcodeAreasOf } from '../domain/postcodes';
import { parseUkPostcode, type UkPostcode } from '../../domain/contactRules';
import type { StoredDiscounts } from '../domain/vouchers';
import type { BasketLinesTable, BasketsTable, BasketVouchersTable, DatabaseSchema, DeliveryZonesTable, Flag } from './schema';
import type { BasketStatusValue, OrderTypeValue, PaymentTypeValue } from '../../domain/orderEnums';

/** A voucher as a basket was priced with it: what it took off. */
export interface BasketVoucher {
  voucherId: number;
  discountPence: number;
}

/** A basket about to be written: everything but what the database keeps itself, with the vouchers it was priced with. */
export type BasketToSave = Omit<Basket, 'orderBuilderRef' | 'orderRef' | 'orderNumber' | 'confirmedAt' | 'revision'> & { vouchers: BasketVoucher[] };

export type SaveOutcome = { outcome: 'saved'; basket: Basket } | { outcome: 'missing' } | { outcome: 'confirmed' };

export interface ConfirmationState {
  /** The delivery zone the basket's delivery postcode falls in now, if any (the owner may have changed the zones since it was priced). */
  zone: DeliveryZone | undefined;
  /** The restaurant's current menu version. */
  menuVersion: number;
  /** The basket's dishes and options sold out now ("sold out today"). */
  soldOut: { itemId: number; configId: number | null }[];
  /**
   * A signed-in customer's basket: its discounts as stored, and the customer's account as it is now (0 % and no
   * vouchers without an account record), with the basket's vouchers as the customer holds them.
   */
  discounts?: { stored: StoredDiscounts; current: { profilePercent: number; vouchers: HeldVoucher[] } };
}

/** The online payment a confirmation comes with (authoriseCapture, docs/payments.md). */
export type ConfirmationPayment =
  /** Only asks whether the basket would be confirmed now: 'confirmable' instead of confirming, and nothing written. */
  | { step: 'check' }
  /**
   * PayPal has authorised: the payment is recorded as held in the confirming transaction. A confirmation that is
   * refused, or a basket found already confirmed without it, leaves the authorisation to be voided instead.
   */
  | { step: 'authorised'; authorisation: PaymentAuthorisation };

export type ConfirmOutcome =
  | { outcome: 'confirmed'; orderRef: string; orderNumber: number; alreadyConfirmed: boolean }
  /** Only with a payment `check`: the basket would be confirmed now. */
  | { outcome: 'confirmable' }
  | { outcome: 'refused'; errorMessage: string }
  /** The basket was last priced for another customer, or for a guest when a customer confirms (and the reverse). */
  | { outcome: 'notTheirs' }
  | { outcome: 'missing' };

export interface OrderRepository {
  createBasket(basket: { basketId: string; orderBuilderRef: string; menuVersion: number; now: string }): Promise<void>;
  findBasket(basketId: string): Promise<Basket | undefined>;
  /** The baskets of `basketIds` that exist, by basketId, in two queries per IDS_PER_STATEMENT ids (the kitchen's list). */
  findBaskets(basketIds: readonly string[]): Promise<Map<string, Basket>>;
  /** Whether the basket exists and is confirmed, in one cheap query. */
  findBasketState(basketId: string): Promise<{ confirmed: boolean } | undefined>;
  /** Replaces the basket's order and lines in one transaction; a confirmed basket is left as it is. */
  saveBasket(basket: BasketToSave, now: string): Promise<SaveOutcome>;
  /**
   * In one transaction: locks the basket; refuses it unless it was last priced for `accountSub` (a signed-in
   * customer's `sub`; null, the default, for a guest); answers its orderRef if it is already confirmed (nothing
   * changes); otherwise asks `refusal` about the basket as stored and either confirms it with `orderRef` or writes
   * nothing. A customer's confirmation also uses the basket's vouchers and credits its points (docs/accounts.md),
   * and an order paid online records its `payment` (ConfirmationPayment).
   */
  confirmBasket(
    basketId: string,
    refusal: (basket: Basket, state: ConfirmationState) => string | undefined,
    orderRef: string,
    now: string,
    accountSub?: string | null,
    payment?: ConfirmationPayment,
  ): Promise<ConfirmOutcome>;
  /** The zone a postcode falls in: its sector's when one is listed, else its district's. */
  findDeliveryZone(postcode: UkPostcode): Promise<DeliveryZone | undefined>;
  /** The phone order placed with this key (docs/phone-orders.md, "Placing it again"), if one was. */
  findPhoneOrderKey(idempotencyKey: string): Promise<PhoneOrderKey | undefined>;
}

const toFlag = (value: boolean): Flag => (value ? 1 : 0);

/** An empty basket's row: nothing chosen, nothing priced, not confirmed (so no order number, 0018, yet). */
export function newBasketRow({ basketId, orderBuilderRef, menuVersion, now }: Parameters<OrderRepository['createBasket']>[0]) {
  return {
    basket_id: basketId,
    order_builder_ref: orderBuilderRef,
    status: 0,
    order_type: 0,
    menu_version: menuVersion,
    source_type: 'Website',
    os: '',
    os_version: '',
    app_version: '',
    ignore_time_offset: 0,
    name: '',
    phone: '',
    email: '',
    delivery_address1: null,
    delivery_address2: null,
    delivery_town: null,
    delivery_postcode: null,
    delivery_zone_id: null,
    requested_time: null,
    asap: 0,
    payment_type: 0,
    card_on_collection: 0,
    notes: '',
    discount_percent: 0,
    item_cost: 0,
    original_item_cost: 0,
    discount: 0,
    bag_charge: 0,
    delivery_charge: 0,
    total_cost: 0,
    order_ref: null,
    confirmed_at: null,
    created_at: now,
    updated_at: now,
    revision: 0,
    account_sub: null,
    profile_discount: 0,
  } satisfies Insertable<BasketsTable>;
}

export function createOrderRepository(db: Kysely<DatabaseSchema>, { syncToDisk, sqliteTransaction }: StorageOptions): OrderRepository {
  return {
    async createBasket(basket) {
      await db.insertInto('baskets').values(newBasketRow(basket)).execute();
    },

    findBasket: async (basketId) => (await readBaskets(db, [basketId])).get(basketId),

    findBaskets: (basketIds) => readBaskets(db, basketIds),

    async findBasketState(basketId) {
      const row = await db.selectFrom('baskets').select('order_ref').where('basket_id', '=', basketId).executeTakeFirst();
      return row === undefined ? undefined : { confirmed: row.order_ref !== null };
    },

    saveBasket(basket, now) {
      if (sqliteTransaction !== undefined) return sqliteTransaction((sqlite) => saveBasketOnSqlite(sqlite, basket, now));
      return db.transaction().execute(async (transaction) => {
        // The update comes first: on PostgreSQL it locks the row, so concurrent saves of one basket
        // queue here and each replaces the lines whole (SQLite runs one transaction at a time anyway).
        const updated = await transaction
          .updateTable('baskets')
          .set((expression) => ({ ...basketColumns(basket), updated_at: now, revision: expression('revision', '+', 1) }))
          .where('basket_id', '=', basket.basketId)
          .where('order_ref', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (updated === undefined) {
          const exists = await transaction.selectFrom('baskets').select('basket_id').where('basket_id', '=', basket.basketId).executeTakeFirst();
          return { outcome: exists ? 'confirmed' : 'missing' };
        }
        await transaction.deleteFrom('basket_lines').where('basket_id', '=', basket.basketId).execute();
        if (basket.lines.length > 0) {
          await transaction.insertInto('basket_lines').values(lineRows(basket.basketId, basket.lines)).execute();
        }
        await transaction.deleteFrom('basket_vouchers').where('basket_id', '=', basket.basketId).execute();
        if (basket.vouchers.length > 0) {
          await transaction.insertInto('basket_vouchers').values(voucherRows(basket)).execute();
        }
        return { outcome: 'saved', basket: { ...basketOf(updated, []), lines: basket.lines } };
      });
    },

    async confirmBasket(basketId, refusal, orderRef, now, accountSub = null, payment) {
      const steps = () => confirmationSteps(basketId, refusal, orderRef, now, accountSub, payment);
      const outcome =
        sqliteTransaction === undefined
          ? await db.transaction().execute((transaction) => runOnKysely(transaction, steps()))
          : await sqliteTransaction((sqlite) => runOnSqlite(sqlite, steps()));
      // The customer is told the order is placed only once it would survive a power cut, and money PayPal holds
      // is never forgotten.
      if ((outcome.outcome === 'confirmed' && !outcome.alreadyConfirmed) || payment?.step === 'authorised') await syncToDisk();
      return outcome;
    },

    findDeliveryZone: (postcode) => runOnKysely(db, zoneOfPostcode(postcode)),
    findPhoneOrderKey: (idempotencyKey) => findPhoneOrderKey(db, idempotencyKey),
  };
}

/** The zone `postcode` falls in: the one listed for its sector, else for its district (docs/back-office.md). */
function* zoneOfPostcode(postcode: UkPostcode): Steps<DeliveryZone | undefined> {
  const row = yield* firstRowOf<Selectable<DeliveryZonesTable>>(
    'select * from "delivery_zones" where "postcode_area" in (?, ?) order by length("postcode_area") desc, "restaurant_id" limit 1',
    ...postcodeAreasOf(postcode),
  );
  return row === undefined ? undefined : deliveryZoneOf(row);
}

/**
 * Inside the service's transaction: writes a whole basket built by staff (a phone order, docs/phone-orders.md) and
 * confirms it exactly as confirmBasket does, for its own accountSub; a refused one is taken away again. The service
 * requests and accepts the order in the same transaction, so that no phone order is ever left confirmed but not
 * accepted, for the sweep to request as `system` and the automatic refusal to refuse.
 */
export function placeOrder(
  transaction: Transaction<DatabaseSchema>,
  basket: BasketToSave & { orderBuilderRef: string },
  refusal: (basket: Basket, state: ConfirmationState) => string | undefined,
  orderRef: string,
  now: string,
): Promise<ConfirmOutcome> {
  return runOnKysely(transaction, placementSteps(basket, refusal, orderRef, now));
}

/** placeOrder's statements: the basket written, then confirmationSteps; taken away again if refused. */
function* placementSteps(
  basket: BasketToSave & { orderBuilderRef: string },
  refusal: (basket: Basket, state: ConfirmationState) => string | undefined,
  orderRef: string,
  now: string,
): Steps<ConfirmOutcome> {
  const { basketId, orderBuilderRef, menuVersion } = basket;
  yield* insertRow('baskets', { ...newBasketRow({ basketId, orderBuilderRef, menuVersion, now }), ...basketColumns(basket) });
  for (const row of lineRows(basketId, basket.lines)) yield* insertRow('basket_lines', row);
  const outcome = yield* confirmationSteps(basketId, refusal, orderRef, now, basket.accountSub, undefined);
  if (outcome.outcome !== 'confirmed') {
    yield* changesOf('delete from "basket_lines" where "basket_id" = ?', basketId);
    yield* changesOf('delete from "baskets" where "basket_id" = ?', basketId);
  }
  return outcome;
}

/** OrderRepository.confirmBasket's transaction. */
function* confirmationSteps(
  basketId: string,
  refusal: (basket: Basket, state: ConfirmationState) => string | undefined,
  orderRef: string,
  now: string,
  accountSub: string | null,
  payment: ConfirmationPayment | undefined,
): Steps<ConfirmOutcome> {
  // A write that changes nothing, to hold the row lock on PostgreSQL until the decision is stored.
  const row = yield* firstRowOf<Selectable<BasketsTable>>('update "baskets" set "revision" = "revision" where "basket_id" = ? returning *', basketId);
  if (row === undefined) return { outcome: 'missing' };
  const lines = yield* rowsOf<Selectable<BasketLinesTable>>('select * from "basket_lines" where "basket_id" = ? order by "line_no"', basketId);
  const basket = basketOf(row, lines);
  const authorisation = payment?.step === 'authorised' ? payment.authorisation : undefined;
  /** The confirmation does not happen: money PayPal holds for it is released. */
  function* notConfirmed<Outcome extends ConfirmOutcome>(outcome: Outcome): Steps<Outcome> {
    if (authorisation !== undefined) yield* voidUnrecordedAuthorisation(basketId, authorisation, now);
    return outcome;
  }
  if (basket.accountSub !== accountSub) return yield* notConfirmed({ outcome: 'notTheirs' });
  if (basket.orderRef !== null) {
    // Confirming sets both, and migration 0018 numbered the orders confirmed before it.
    if (basket.orderNumber === null) throw new Error(`The confirmed order ${basketId} has no order number`);
    return yield* notConfirmed({ outcome: 'confirmed', orderRef: basket.orderRef, orderNumber: basket.orderNumber, alreadyConfirmed: true });
  }

  const deliveryPostcode = basket.deliveryAddress === null ? undefined : parseUkPostcode(basket.deliveryAddress.postcode);
  const zone = deliveryPostcode === undefined ? undefined : yield* zoneOfPostcode(deliveryPostcode);
  const menu = yield* firstRowOf<{ menu_version: number }>(
    'select "menus"."menu_version" from "restaurant" inner join "menus" on "menus"."menu_id" = "restaurant"."menu_id" ' +
      'order by "restaurant"."restaurant_id" limit 1',
  );
  const soldOutRows = yield* rowsOf<{ item_id: number; config_id: number }>(
    'select "item_id", "config_id" from "sold_out_items" where "until" > ?',
    now,
  );
  const soldOut = soldOutRows
    .filter((mark) => basket.lines.some((line) => line.itemId === mark.item_id))
    .map((mark) => ({ itemId: mark.item_id, configId: mark.config_id === 0 ? null : mark.config_id }));
  // The account's row is locked before its vouchers are read, so that two of its baskets confirmed at once
  // cannot both use one voucher.
  const account = basket.accountSub === null ? undefined : yield* lockAccount(basket.accountSub);
  let discounts: ConfirmationState['discounts'];
  if (basket.accountSub !== null) {
    const storedVouchers = yield* rowsOf<BasketVoucher>(
      'select "voucher_id" as "voucherId", "discount_pence" as "discountPence" from "basket_vouchers" where "basket_id" = ? order by "position"',
      basketId,
    );
    const heldVouchers =
      account === undefined ? [] : yield* readHeldVouchers(basket.accountSub, storedVouchers.map((voucher) => voucher.voucherId));
    const { originalItemCostPence, discountPercent, profileDiscountPence, discountPence } = basket.pricing;
    discounts = {
      stored: { originalItemCostPence, discountPercent, profileDiscountPence, discountPence, vouchers: storedVouchers },
      current: { profilePercent: account?.discountPercent ?? 0, vouchers: heldVouchers },
    };
  }
  const errorMessage = refusal(basket, {
    zone,
    menuVersion: menu?.menu_version ?? basket.menuVersion,
    soldOut,
    discounts,
  });
  if (errorMessage !== undefined) return yield* notConfirmed({ outcome: 'refused', errorMessage });
  if (payment?.step === 'check') return { outcome: 'confirmable' };

  if (authorisation !== undefined) {
    const recorded = yield* recordAuthorised(basketId, authorisation, now);
    // Reconciliation released the money while the customer's run was under way: nothing is confirmed.
    if (recorded === 'released') return { outcome: 'refused', errorMessage: PAYMENT_RELEASED_MESSAGE };
    if (recorded === 'notLinked') {
      // Linking refuses to replace a payment being authorised, so only a broken invariant gets here; the transaction
      // is rolled back and the payment left `authorising` for reconciliation.
      throw new Error(`The payment of ${basketId} is no longer PayPal order ${authorisation.payPalOrderId} waiting to be authorised`);
    }
  }
  const { orderDate, orderNumber } = yield* nextOrderNumber(now);
  yield* changesOf(
    'update "baskets" set "status" = 7, "order_ref" = ?, "order_number" = ?, "order_date" = ?, "confirmed_at" = ?, "updated_at" = ?, ' +
      '"order_summary" = ? where "basket_id" = ?',
    orderRef,
    orderNumber,
    orderDate,
    now,
    now,
    orderSummaryOf(basket.lines),
    basketId,
  );
  if (account !== undefined && discounts !== undefined) {
    // Its points are credited when the restaurant accepts it (creditAcceptedOrder); the account page lists it from now.
    yield* useVouchers(account.authSub, basketId, discounts.stored.vouchers.map((voucher) => voucher.voucherId));
    yield* changesOf('update "accounts" set "change_tag" = ? where "auth_sub" = ?', newChangeTag(), account.authSub);
  }
  return { outcome: 'confirmed', orderRef, orderNumber, alreadyConfirmed: false };
}

/**
 * The next number of the London day `now` falls on: one upsert of the day's row, which both databases make atomic. On
 * PostgreSQL a second confirmation waits at this row until the first commits and then takes the number after it (a
 * rolled-back confirmation leaves a gap, never a repeat); SQLite runs one writing transaction at a time. It is the
 * confirmation's last read, so the day's row is held only for the moment the order is written.
 */
export function* nextOrderNumber(now: string): Steps<{ orderDate: string; orderNumber: number }> {
  const orderDate = londonDateAt(Date.parse(now));
  const row = yield* firstRowOf<{ last_number: number }>(
    'insert into "order_number_days" ("order_date", "last_number") values (?, 1) ' +
      'on conflict ("order_date") do update set "last_number" = "order_number_days"."last_number" + 1 returning "last_number"',
    orderDate,
  );
  if (row === undefined) throw new Error(`No order number was taken for ${orderDate}`);
  return { orderDate, orderNumber: Number(row.last_number) };
}

/**
 * saveBasket's SQLite path: the same statements, in one synchronous transaction (StorageOptions.sqliteTransaction).
 * The SQL is written from basketColumns, lineRows and voucherRows, so both paths store the same columns.
 */
function saveBasketOnSqlite(sqlite: PreparingSqlite, basket: BasketToSave, now: string): SaveOutcome {
  const columns: Record<string, unknown> = { ...basketColumns(basket), updated_at: now };
  const names = Object.keys(columns);
  const updated = sqlite
    .prepare(
      `update "baskets" set ${names.map((name) => `"${name}" = ?`).join(', ')}, "revision" = "revision" + 1 ` +
        'where "basket_id" = ? and "order_ref" is null returning *',
    )
    .get(...Object.values(columns), basket.basketId) as Selectable<BasketsTable> | undefined;
  if (updated === undefined) {
    const exists = sqlite.prepare('select 1 from "baskets" where "basket_id" = ?').get(basket.basketId);
    return { outcome: exists ? 'confirmed' : 'missing' };
  }
  replaceRowsOnSqlite(sqlite, 'basket_lines', basket.basketId, lineRows(basket.basketId, basket.lines));
  replaceRowsOnSqlite(sqlite, 'basket_vouchers', basket.basketId, voucherRows(basket));
  return { outcome: 'saved', basket: { ...basketOf(updated, []), lines: basket.lines } };
}

/** A basket's rows of `table` replaced by `rows`. */
function replaceRowsOnSqlite(sqlite: PreparingSqlite, table: 'basket_lines' | 'basket_vouchers', basketId: string, rows: object[]): void {
  sqlite.prepare(`delete from "${table}" where "basket_id" = ?`).run(basketId);
  if (rows.length === 0) return;
  const names = Object.keys(rows[0]);
  const insert = sqlite.prepare(
    `insert into "${table}" (${names.map((name) => `"${name}"`).join(', ')}) values (${names.map(() => '?').join(', ')})`,
  );
  for (const row of rows) insert.run(...Object.values(row));
}

function voucherRows(basket: BasketToSave): Insertable<BasketVouchersTable>[] {
  return basket.vouchers.map((voucher, position) => ({
    basket_id: basket.basketId,
    position,
    voucher_id: voucher.voucherId,
    discount_pence: voucher.discountPence,
  }));
}

/** A basket's lines as `basket_lines` rows, in their order. */
export function lineRows(basketId: string, lines: readonly PricedLine[]): Insertable<BasketLinesTable>[] {
  return lines.map((line, lineNo) => ({
    basket_id: basketId,
    line_no: lineNo,
    category_id: line.categoryId,
    item_id: line.itemId,
    config_id: line.configId,
    config_option: line.configOption,
    title: line.title,
    quantity: line.quantity,
    special_request: line.specialRequest,
    item_cost: line.itemCostPence,
    line_cost: line.lineCostPence,
  }));
}

export function deliveryZoneOf(row: Selectable<DeliveryZonesTable>): DeliveryZone {
  return {
    deliveryZoneId: row.delivery_zone_id,
    postcodeArea: row.postcode_area,
    name: row.zone_name,
    deliveryChargePence: row.delivery_charge,
    minimumOrderPence: row.minimum_order_value,
  };
}

function basketColumns(basket: BasketToSave) {
  const address = basket.deliveryAddress;
  return {
    status: basket.status,
    order_type: basket.orderType,
    menu_version: basket.menuVersion,
    source_type: basket.sourceType,
    os: basket.os,
    os_version: basket.osVersion,
    app_version: basket.appVersion,
    ignore_time_offset: toFlag(basket.ignoreTimeOffset),
    name: basket.name,
    phone: basket.phone,
    email: basket.email,
    delivery_address1: address?.address1 ?? null,
    delivery_address2: address?.address2 ?? null,
    delivery_town: address?.town ?? null,
    delivery_postcode: address?.postcode ?? null,
    delivery_zone_id: basket.deliveryZoneId,
    requested_time: basket.requestedTime,
    asap: toFlag(basket.asap),
    payment_type: basket.paymentType,
    card_on_collection: toFlag(basket.cardOnCollection),
    notes: basket.notes,
    discount_percent: basket.pricing.discountPercent,
    item_cost: basket.pricing.itemCostPence,
    original_item_cost: basket.pricing.originalItemCostPence,
    discount: basket.pricing.discountPence,
    bag_charge: basket.pricing.bagChargePence,
    delivery_charge: basket.pricing.deliveryChargePence,
    total_cost: basket.pricing.totalCostPence,
    account_sub: basket.accountSub,
    profile_discount: basket.pricing.profileDiscountPence,
  };
}

async function readBaskets(db: Kysely<DatabaseSchema>, basketIds: readonly string[]): Promise<Map<string, Basket>> {
  const rows = await readInBatches(basketIds, (batch) => db.selectFrom('baskets').selectAll().where('basket_id', 'in', batch).execute());
  const lines = await readInBatches(
    rows.map((row) => row.basket_id),
    (batch) => db.selectFrom('basket_lines').selectAll().where('basket_id', 'in', batch).orderBy('basket_id').orderBy('line_no').execute(),
  );
  const linesOf = new Map<string, Selectable<BasketLinesTable>[]>();
  for (const line of lines) {
    const basketLines = linesOf.get(line.basket_id);
    if (basketLines === undefined) linesOf.set(line.basket_id, [line]);
    else basketLines.push(line);
  }
  return new Map(rows.map((row) => [row.basket_id, basketOf(row, linesOf.get(row.basket_id) ?? [])]));
}

function basketOf(row: Selectable<BasketsTable>, lines: Selectable<BasketLinesTable>[]): Basket {
  return {
    basketId: row.basket_id,
    accountSub: row.account_sub,
    orderBuilderRef: row.order_builder_ref,
    status: row.status as BasketStatusValue,
    menuVersion: row.menu_version,
    sourceType: row.source_type === 'Phone' ? 'Phone' : 'Website',
    os: row.os,
    osVersion: row.os_version,
    appVersion: row.app_version,
    orderType: row.order_type as OrderTypeValue,
    ignoreTimeOffset: row.ignore_time_offset === 1,
    name: row.name,
    phone: row.phone,
    email: row.email,
    paymentType: row.payment_type as PaymentTypeValue,
    cardOnCollection: row.card_on_collection === 1,
    requestedTime: row.requested_time,
    asap: row.asap === 1,
    notes: row.notes,
    deliveryAddress:
      row.delivery_postcode === null
        ? null
        : {
            address1: row.delivery_address1 ?? '',
            address2: row.delivery_address2 ?? '',
            town: row.delivery_town ?? '',
            postcode: row.delivery_postcode,
          },
    deliveryZoneId: row.delivery_zone_id,
    lines: lines.map((line) => ({
      categoryId: line.category_id,
      itemId: line.item_id,
      configId: line.config_id,
      configOption: line.config_option,
      quantity: line.quantity,
      title: line.title,
      itemCostPence: line.item_cost,
      lineCostPence: line.line_cost,
      specialRequest: line.special_request,
    })),
    pricing: {
      originalItemCostPence: row.original_item_cost,
      discountPence: row.discount,
      profileDiscountPence: row.profile_discount,
      discountPercent: Number(row.discount_percent),
      itemCostPence: row.item_cost,
      bagChargePence: row.bag_charge,
      deliveryChargePence: row.delivery_charge,
      totalCostPence: row.total_cost,
    },
    orderRef: row.order_ref,
    orderNumber: row.order_number,
    confirmedAt: row.confirmed_at,
    revision: row.revision,
  };
}
