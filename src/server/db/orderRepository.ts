import type { Insertable, Kysely, Selectable } from 'kysely';
import type { PreparingSqlite, StorageOptions } from './database';
import type { Basket } from '../domain/basket';
import type { DeliveryZone } from '../domain/deliveryZones';
import type { BasketLinesTable, BasketsTable, DatabaseSchema, Flag } from './schema';
import type { BasketStatusValue, OrderTypeValue, PaymentTypeValue } from '../../domain/orderEnums';

/** A basket about to be written: everything but what the database keeps itself. */
export type BasketToSave = Omit<Basket, 'orderBuilderRef' | 'orderRef' | 'confirmedAt' | 'revision'>;

export type SaveOutcome = { outcome: 'saved'; basket: Basket } | { outcome: 'missing' } | { outcome: 'confirmed' };

export interface ConfirmationState {
  /** The basket's delivery zone as it is now, if it has one. */
  zone: DeliveryZone | undefined;
  /** The restaurant's current menu version. */
  menuVersion: number;
}

export type ConfirmOutcome =
  | { outcome: 'confirmed'; orderRef: string; alreadyConfirmed: boolean }
  | { outcome: 'refused'; errorMessage: string }
  | { outcome: 'missing' };

export interface OrderRepository {
  createBasket(basket: { basketId: string; orderBuilderRef: string; menuVersion: number; now: string }): Promise<void>;
  findBasket(basketId: string): Promise<Basket | undefined>;
  /** Whether the basket exists and is confirmed, in one cheap query. */
  findBasketState(basketId: string): Promise<{ confirmed: boolean } | undefined>;
  /** Replaces the basket's order and lines in one transaction; a confirmed basket is left as it is. */
  saveBasket(basket: BasketToSave, now: string): Promise<SaveOutcome>;
  /**
   * In one transaction: locks the basket, answers its orderRef if it is already confirmed (nothing
   * changes), otherwise asks `refusal` about the basket as stored and either confirms it with `orderRef`
   * or writes nothing.
   */
  confirmBasket(
    basketId: string,
    refusal: (basket: Basket, state: ConfirmationState) => string | undefined,
    orderRef: string,
    now: string,
  ): Promise<ConfirmOutcome>;
  findDeliveryZone(postcodeDistrict: string): Promise<DeliveryZone | undefined>;
}

const toFlag = (value: boolean): Flag => (value ? 1 : 0);

export function createOrderRepository(db: Kysely<DatabaseSchema>, { syncToDisk, sqliteTransaction }: StorageOptions): OrderRepository {
  return {
    async createBasket({ basketId, orderBuilderRef, menuVersion, now }) {
      await db
        .insertInto('baskets')
        .values({
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
        })
        .execute();
    },

    findBasket: (basketId) => readBasket(db, basketId),

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
          await transaction.insertInto('basket_lines').values(lineRows(basket)).execute();
        }
        return { outcome: 'saved', basket: { ...basketOf(updated, []), lines: basket.lines } };
      });
    },

    async confirmBasket(basketId, refusal, orderRef, now) {
      const outcome = await db.transaction().execute(async (transaction): Promise<ConfirmOutcome> => {
        // A write that changes nothing, to hold the row lock on PostgreSQL until the decision is stored.
        const locked = await transaction
          .updateTable('baskets')
          .set((expression) => ({ revision: expression.ref('revision') }))
          .where('basket_id', '=', basketId)
          .executeTakeFirst();
        if (locked.numUpdatedRows === 0n) return { outcome: 'missing' };
        const basket = await readBasket(transaction, basketId);
        if (basket === undefined) return { outcome: 'missing' };
        if (basket.orderRef !== null) return { outcome: 'confirmed', orderRef: basket.orderRef, alreadyConfirmed: true };

        const [zoneRow, menu] = await Promise.all([
          basket.deliveryZoneId === null
            ? undefined
            : transaction.selectFrom('delivery_zones').selectAll().where('delivery_zone_id', '=', basket.deliveryZoneId).executeTakeFirst(),
          transaction
            .selectFrom('restaurant')
            .innerJoin('menus', 'menus.menu_id', 'restaurant.menu_id')
            .select('menus.menu_version')
            .orderBy('restaurant.restaurant_id')
            .limit(1)
            .executeTakeFirst(),
        ]);
        const errorMessage = refusal(basket, {
          zone: zoneRow ? deliveryZoneOf(zoneRow) : undefined,
          menuVersion: menu?.menu_version ?? basket.menuVersion,
        });
        if (errorMessage !== undefined) return { outcome: 'refused', errorMessage };

        await transaction
          .updateTable('baskets')
          .set({ status: 7, order_ref: orderRef, confirmed_at: now, updated_at: now })
          .where('basket_id', '=', basketId)
          .execute();
        return { outcome: 'confirmed', orderRef, alreadyConfirmed: false };
      });
      // The customer is told the order is placed only once it would survive a power cut.
      if (outcome.outcome === 'confirmed' && !outcome.alreadyConfirmed) await syncToDisk();
      return outcome;
    },

    async findDeliveryZone(postcodeDistrict) {
      const zone = await db
        .selectFrom('delivery_zones')
        .selectAll()
        .where('postcode_district', '=', postcodeDistrict)
        .orderBy('restaurant_id')
        .limit(1)
        .executeTakeFirst();
      return zone ? deliveryZoneOf(zone) : undefined;
    },
  };
}

/**
 * saveBasket's SQLite path: the same statements, in one synchronous transaction (StorageOptions.sqliteTransaction).
 * The SQL is written from basketColumns and lineRows, so both paths store the same columns.
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
  sqlite.prepare('delete from "basket_lines" where "basket_id" = ?').run(basket.basketId);
  const rows = lineRows(basket);
  if (rows.length > 0) {
    const lineNames = Object.keys(rows[0]);
    const insert = sqlite.prepare(
      `insert into "basket_lines" (${lineNames.map((name) => `"${name}"`).join(', ')}) values (${lineNames.map(() => '?').join(', ')})`,
    );
    for (const row of rows) insert.run(...Object.values(row));
  }
  return { outcome: 'saved', basket: { ...basketOf(updated, []), lines: basket.lines } };
}

function lineRows(basket: BasketToSave): Insertable<BasketLinesTable>[] {
  return basket.lines.map((line, lineNo) => ({
    basket_id: basket.basketId,
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

function deliveryZoneOf(row: { delivery_zone_id: number; postcode_district: string; delivery_charge: number; minimum_order_value: number }): DeliveryZone {
  return {
    deliveryZoneId: row.delivery_zone_id,
    postcodeDistrict: row.postcode_district,
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
    notes: basket.notes,
    discount_percent: basket.pricing.discountPercent,
    item_cost: basket.pricing.itemCostPence,
    original_item_cost: basket.pricing.originalItemCostPence,
    discount: basket.pricing.discountPence,
    bag_charge: basket.pricing.bagChargePence,
    delivery_charge: basket.pricing.deliveryChargePence,
    total_cost: basket.pricing.totalCostPence,
  };
}

async function readBasket(db: Kysely<DatabaseSchema>, basketId: string): Promise<Basket | undefined> {
  const row = await db.selectFrom('baskets').selectAll().where('basket_id', '=', basketId).executeTakeFirst();
  if (row === undefined) return undefined;
  const lines = await db.selectFrom('basket_lines').selectAll().where('basket_id', '=', basketId).orderBy('line_no').execute();
  return basketOf(row, lines);
}

function basketOf(row: Selectable<BasketsTable>, lines: Selectable<BasketLinesTable>[]): Basket {
  return {
    basketId: row.basket_id,
    orderBuilderRef: row.order_builder_ref,
    status: row.status as BasketStatusValue,
    menuVersion: row.menu_version,
    sourceType: 'Website',
    os: row.os,
    osVersion: row.os_version,
    appVersion: row.app_version,
    orderType: row.order_type as OrderTypeValue,
    ignoreTimeOffset: row.ignore_time_offset === 1,
    name: row.name,
    phone: row.phone,
    email: row.email,
    paymentType: row.payment_type as PaymentTypeValue,
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
      discountPercent: Number(row.discount_percent),
      itemCostPence: row.item_cost,
      bagChargePence: row.bag_charge,
      deliveryChargePence: row.delivery_charge,
      totalCostPence: row.total_cost,
    },
    orderRef: row.order_ref,
    confirmedAt: row.confirmed_at,
    revision: row.revision,
  };
}
