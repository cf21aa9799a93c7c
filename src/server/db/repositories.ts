import { createMediaRepository, type MediaRepository } from './mediaRepository';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { components } from '../../api/schema.gen';
import { penceToPounds } from '../../domain/money';
import { createAcceptanceRepository, type AcceptanceRepository } from './acceptanceRepository';
import { createAccountRepository, type AccountRepository } from './accountRepository';
import { createBookingRepository, type BookingRepository } from './bookingRepository';
import { createPrintRepository, type PrintRepository } from './printRepository';
import { createCustomerRepository, type CustomerRepository } from './customerRepository';
import { createDeliveryZoneRepository, type DeliveryZoneRepository } from './deliveryZoneRepository';
import { createTakingsRepository, type TakingsRepository } from './takingsRepository';
import { createEditRepository, type EditRepository } from './editRepository';
import { dishNamesOfRow, menuItemRows, menuOptionRows } from './menuRows';
import { createOrderRepository, type OrderRepository } from './orderRepository';
import { createPaymentRepository, type PaymentRepository } from './paymentRepository';
import type { StorageOptions } from './database';
import type { DatabaseSchema } from './schema';
import { createRestaurantEditReader, type RestaurantEditReader } from './restaurantEdits';
import { createSlotLoadReader, type SlotLoadReader } from './slotLoad';
import { createTicketPaymentReader, type TicketPaymentReader } from './ticketPayments';
import { readMenuDraft, readPublishedMenu } from './menuEditRepository';
import { listEditablePages, readPageDraft, readPublishedPage } from './pageEditRepository';
import { currentMarks, type SoldOutMark } from '../domain/soldOut';

type Schemas = components['schemas'];
export type RestaurantData = Schemas['RestaurantData'];
export type Page = Schemas['Page'];
export type Menu = Schemas['Menu'];

export interface Repositories {
  restaurant: {
    getCoreData(): Promise<RestaurantData | undefined>;
    /** The automatic-refusal time the owner saved; null until then (the server's ACCEPTANCE_TIMEOUT_SECONDS). */
    getAcceptanceTimeoutSeconds(): Promise<number | null>;
  };
  pages: { getPage(pageName: string): Promise<Page | undefined>; listPageNames(): Promise<string[]> };
  /** A menu as customers get it: without its hidden categories, and what is sold out now marked unavailable. */
  menus: { getMenu(menuId: number): Promise<Menu | undefined> };
  /** Every sold-out mark, those past their `until` too (trusted like the menus). */
  soldOut: { marks(): Promise<SoldOutMark[]> };
  /** The owner's menu editor's reads (docs/back-office.md, "Menu"). */
  menuEditor: {
    readPublished(menuId: number): ReturnType<typeof readPublishedMenu>;
    readDraft(menuId: number): ReturnType<typeof readMenuDraft>;
  };
  /** The owner's pages editor's reads (docs/back-office.md, "Pages"). */
  pageEditor: {
    readPublished(pageName: string): ReturnType<typeof readPublishedPage>;
    readDraft(pageName: string): ReturnType<typeof readPageDraft>;
    list(): ReturnType<typeof listEditablePages>;
  };
  /** The photos the owner uploaded (docs/back-office.md, "Photos"). */
  media: MediaRepository;
  orders: OrderRepository;
  acceptance: AcceptanceRepository;
  bookings: BookingRepository;
  accounts: AccountRepository;
  payments: PaymentRepository;
  ticketPayments: TicketPaymentReader;
  edits: EditRepository;
  /** The delivery zones, customers and takings as the owner sees them (docs/back-office.md). */
  deliveryZones: DeliveryZoneRepository;
  customers: CustomerRepository;
  printing: PrintRepository;
  takings: TakingsRepository;
  /** How many orders each time slot holds (the most orders per slot). */
  slotLoad: SlotLoadReader;
  /** The settings and opening hours as the owner edits them (docs/back-office.md). */
  restaurantEdits: RestaurantEditReader;
  /**
   * Forgets the restaurant's core data and menus held for `referenceDataMaxAgeMs`: called once a change to them has
   * committed, so that this server shows it at once (another shows it within that time).
   */
  referenceDataChanged(): void;
  /**
   * Runs `work` in one transaction, which a service opens for a use-case whose rows (and outbox rows) are written
   * together or not at all; once it has committed, the write is synced to disk.
   */
  inTransaction<Result>(work: (transaction: Transaction<DatabaseSchema>) => Promise<Result>): Promise<Result>;
  /** What a service calls once a transaction that queued outbox rows has committed, so that the outbox's worker sends them at once. */
  outboxQueued: OutboxKicks;
}

export interface OutboxKicks {
  moneyStep(): void;
  notification(): void;
  printJob(): void;
}

/** AppDatabase.storage's abilities, and how long reference data is trusted. */
export interface RepositoryOptions extends Partial<StorageOptions> {
  /**
   * How long the restaurant's core data and the freshness of a cached menu are trusted before the database is
   * asked again. Every order update and menu request needs both; asking once a second instead of on every
   * request halves an update's queries (docs/benchmarks.md). A change the owner makes shows within this time,
   * and confirmation re-reads the menu version inside its transaction, so an order is never confirmed against a
   * menu that has changed.
   */
  referenceDataMaxAgeMs?: number;
  /** Milliseconds since some fixed point; tests move it. */
  monotonicNow?: () => number;
  /** The server's clock: what is sold out comes back when it passes the mark's `until`. Real time by default. */
  clock?: () => Date;
  /** Called once a change that queued a PayPal step has committed (the outbox worker's kick). */
  onMoneyStepQueued?: () => void;
  /** Called once a change that queued a notification for the customer has committed (the notification worker's kick). */
  onNotificationQueued?: () => void;
  /** Runs after a change that queued print jobs has committed (docs/printing.md). */
  onPrintJobQueued?: () => void;
}

export const DEFAULT_REFERENCE_DATA_MAX_AGE_MS = 1_000;

export function createRepositories(db: Kysely<DatabaseSchema>, options: RepositoryOptions = {}): Repositories {
  const maxAgeMs = options.referenceDataMaxAgeMs ?? DEFAULT_REFERENCE_DATA_MAX_AGE_MS;
  const syncToDisk = options.syncToDisk ?? (async () => {});
  const now = options.monotonicNow ?? performance.now.bind(performance);
  const menuCache = new Map<number, Menu>();
  const menus = new Map<number, Trusted<Menu | undefined>>();
  const menuOf = (menuId: number) => {
    let read = menus.get(menuId);
    if (read === undefined) {
      read = trustedFor(maxAgeMs, now, () => getCachedMenu(db, menuCache, menuId));
      menus.set(menuId, read);
    }
    return read();
  };
  const clock = options.clock ?? (() => new Date());
  const soldOutMarks = trustedFor(maxAgeMs, now, () => readSoldOutMarks(db));
  const customersMenus = new Map<number, { base: Menu; marksKey: string; menu: Menu }>();
  const customersMenuOf = async (menuId: number): Promise<Menu | undefined> => {
    const [base, marks] = await Promise.all([menuOf(menuId), soldOutMarks()]);
    if (base === undefined) return undefined;
    const inForce = currentMarks(marks, clock());
    if (inForce.length === 0) return base;
    // One frozen object per menu version and set of marks, so its encoded answer is reused (handlers/menu.ts).
    const marksKey = inForce.map((mark) => `${mark.itemId}/${mark.configId ?? ''}`).sort().join(',');
    const known = customersMenus.get(menuId);
    if (known?.base === base && known.marksKey === marksKey) return known.menu;
    const menu = deepFreeze(withSoldOut(base, inForce));
    customersMenus.set(menuId, { base, marksKey, menu });
    return menu;
  };
  const coreData = trustedFor(maxAgeMs, now, () => getCoreData(db, customersMenuOf));
  const acceptanceTimeout = trustedFor(maxAgeMs, now, () => getAcceptanceTimeoutSeconds(db));
  return {
    restaurant: { getCoreData: coreData, getAcceptanceTimeoutSeconds: acceptanceTimeout },
    pages: { getPage: (pageName) => getPage(db, pageName), listPageNames: () => listPageNames(db) },
    menus: { getMenu: customersMenuOf },
    soldOut: { marks: soldOutMarks },
    media: createMediaRepository(db),
    menuEditor: { readPublished: (menuId) => readPublishedMenu(db, menuId), readDraft: (menuId) => readMenuDraft(db, menuId) },
    pageEditor: { readPublished: (pageName) => readPublishedPage(db, pageName), readDraft: (pageName) => readPageDraft(db, pageName), list: () => listEditablePages(db) },
    orders: createOrderRepository(db, { syncToDisk, sqliteTransaction: options.sqliteTransaction }),
    acceptance: createAcceptanceRepository(db),
    bookings: createBookingRepository(db, syncToDisk),
    accounts: createAccountRepository(db, syncToDisk),
    payments: createPaymentRepository(db, syncToDisk),
    ticketPayments: createTicketPaymentReader(db),
    edits: createEditRepository(db),
    deliveryZones: createDeliveryZoneRepository(db),
    customers: createCustomerRepository(db),
    printing: createPrintRepository(db),
    takings: createTakingsRepository(db),
    slotLoad: createSlotLoadReader(db),
    restaurantEdits: createRestaurantEditReader(db),
    referenceDataChanged() {
      coreData.forget();
      acceptanceTimeout.forget();
      soldOutMarks.forget();
      for (const menu of menus.values()) menu.forget();
    },
    outboxQueued: {
      moneyStep: options.onMoneyStepQueued ?? (() => {}),
      notification: options.onNotificationQueued ?? (() => {}),
      printJob: options.onPrintJobQueued ?? (() => {}),
    },
    async inTransaction(work) {
      const result = await db.transaction().execute(work);
      await syncToDisk();
      return result;
    },
  };
}

/** A value read again once it is too old, or at once after `forget`. */
interface Trusted<Value> {
  (): Promise<Value>;
  forget(): void;
}

/**
 * `read`'s answer, read again only once it is older than `maxAgeMs`. Callers that arrive while a read is in
 * flight share it, so a busy second costs one query, not one per request. A failed read is not kept.
 */
function trustedFor<Value>(maxAgeMs: number, now: () => number, read: () => Promise<Value>): Trusted<Value> {
  let answer: Promise<Value> | undefined;
  let readAt = 0;
  const trusted = () => {
    if (answer === undefined || now() - readAt >= maxAgeMs) {
      readAt = now();
      const reading = read();
      answer = reading;
      reading.catch(() => {
        if (answer === reading) answer = undefined;
      });
    }
    return answer;
  };
  return Object.assign(trusted, {
    forget() {
      answer = undefined;
    },
  });
}

async function getCoreData(
  db: Kysely<DatabaseSchema>,
  menuOf: (menuId: number) => Promise<Menu | undefined>,
): Promise<RestaurantData | undefined> {
  // The product serves one restaurant: the first one.
  const restaurant = await db
    .selectFrom('restaurant')
    .innerJoin('takeaway_settings', 'takeaway_settings.restaurant_id', 'restaurant.restaurant_id')
    .leftJoin('menus', 'menus.menu_id', 'restaurant.menu_id')
    .selectAll('restaurant')
    .select([
      'takeaway_settings.allow_collection',
      'takeaway_settings.allow_ordering',
      'takeaway_settings.allow_cash_payment',
      'takeaway_settings.maximum_cash_order_value',
      'takeaway_settings.maximum_order_value',
      'takeaway_settings.minimum_collection_order_value',
      'takeaway_settings.minimum_free_order_value',
      'takeaway_settings.standard_delivery_charge',
      'takeaway_settings.bag_charge',
      'takeaway_settings.collection_lead_minutes',
      'takeaway_settings.delivery_lead_minutes',
      'takeaway_settings.slot_minutes',
      'takeaway_settings.orders_per_slot',
      'takeaway_settings.order_days_ahead',
      'takeaway_settings.busy_paused',
      'takeaway_settings.busy_paused_until',
      'takeaway_settings.busy_extra_minutes',
      'takeaway_settings.share_photo',
      'menus.menu_version',
    ])
    .orderBy('restaurant.restaurant_id')
    .limit(1)
    .executeTakeFirst();
  if (restaurant === undefined) return undefined;

  const [openingPeriods, specialDays, menu] = await Promise.all([
    db
      .selectFrom('opening_periods')
      .select(['day', 'opens', 'closes'])
      .where('restaurant_id', '=', restaurant.restaurant_id)
      .orderBy('day')
      .orderBy('opens')
      .execute(),
    readSpecialDays(db, restaurant.restaurant_id),
    // The highlighted dishes are the menu's own items, so they come from the menu as cached (and priced) for its call.
    menuOf(restaurant.menu_id),
  ]);

  return {
    restaurantId: restaurant.restaurant_id,
    name: restaurant.trading_name,
    tagline: restaurant.tagline,
    address: {
      address1: restaurant.address1,
      address2: restaurant.address2,
      town: restaurant.town,
      county: restaurant.county,
      postCode: restaurant.post_code,
    },
    phone: restaurant.phone,
    email: restaurant.email,
    openingHours: openingPeriods,
    specialDays,
    busyMode: {
      paused: restaurant.busy_paused === 1,
      ...(restaurant.busy_paused_until === null ? {} : { pausedUntil: restaurant.busy_paused_until }),
      extraMinutes: restaurant.busy_extra_minutes,
    },
    onlineOrderingAllowed: restaurant.online_ordering_allowed === 1,
    menuId: restaurant.menu_id,
    // A restaurant whose menu row is missing still answers; 1 is the SPEC's default menu version.
    menuVersion: restaurant.menu_version ?? 1,
    takeawaySettings: {
      allowCollection: restaurant.allow_collection === 1,
      allowOrdering: restaurant.allow_ordering === 1,
      allowCashPayment: restaurant.allow_cash_payment === 1,
      maximumCashOrderValue: penceToPounds(restaurant.maximum_cash_order_value),
      maximumOrderValue: penceToPounds(restaurant.maximum_order_value),
      minimumCollectionOrderValue: penceToPounds(restaurant.minimum_collection_order_value),
      minimumFreeOrderValue: penceToPounds(restaurant.minimum_free_order_value),
      standardDeliveryCharge: penceToPounds(restaurant.standard_delivery_charge),
      bagCharge: penceToPounds(restaurant.bag_charge),
      collectionLeadMinutes: restaurant.collection_lead_minutes,
      deliveryLeadMinutes: restaurant.delivery_lead_minutes,
      slotMinutes: restaurant.slot_minutes,
      ordersPerSlot: restaurant.orders_per_slot,
      orderDaysAhead: restaurant.order_days_ahead,
    },
    apps: { appStoreUrl: restaurant.app_store_url, googlePlayUrl: restaurant.google_play_url },
    highlightedDishes: menu ? highlightedDishes(menu) : [],
    ...(restaurant.share_photo === null ? {} : { sharePhoto: JSON.parse(restaurant.share_photo) as Schemas['Photo'] }),
  };
}

/** The restaurant's special days, earliest first; saving the hours drops those past. */
export async function readSpecialDays(db: Kysely<DatabaseSchema>, restaurantId: number): Promise<Schemas['SpecialDay'][]> {
  const rows = await db
    .selectFrom('special_days')
    .select(['special_date', 'message', 'sessions'])
    .where('restaurant_id', '=', restaurantId)
    .orderBy('special_date')
    .execute();
  return rows.map((row) => ({ date: row.special_date, message: row.message, sessions: JSON.parse(row.sessions) as Schemas['OpeningSession'][] }));
}

async function getAcceptanceTimeoutSeconds(db: Kysely<DatabaseSchema>): Promise<number | null> {
  const row = await db.selectFrom('takeaway_settings').select('acceptance_timeout_seconds').orderBy('restaurant_id').limit(1).executeTakeFirst();
  return row?.acceptance_timeout_seconds ?? null;
}

/** Only a dish that can be ordered is offered; the menu is already in menu order. */
function highlightedDishes(menu: Menu): Schemas['MenuItem'][] {
  return menu.categories.flatMap((category) => category.items.filter((item) => item.highlighted === true && item.available));
}

async function getPage(db: Kysely<DatabaseSchema>, pageName: string): Promise<Page | undefined> {
  // lower(page_name) is what the unique index holds, so this lookup uses it on both dialects.
  const page = await db
    .selectFrom('pages')
    .select(['page_name', 'title', 'content'])
    .where(sql<string>`lower(page_name)`, '=', pageName.toLowerCase())
    .executeTakeFirst();
  if (page === undefined) return undefined;
  return { pageName: page.page_name, title: page.title, rows: JSON.parse(page.content) as Page['rows'] };
}

/**
 * Every page's name as stored, in code-point order ("Gallery" before "about-us"): the sitemap lists them
 * (src/server/seo/). Sorted here rather than by the database, whose order follows PostgreSQL's collation.
 */
async function listPageNames(db: Kysely<DatabaseSchema>): Promise<string[]> {
  const rows = await db.selectFrom('pages').select('page_name').execute();
  return rows.map((row) => row.page_name).sort();
}

// Reading a whole menu costs about a millisecond on SQLite, far more than the menu endpoint's budget,
// while checking its version costs a twentieth of that (and is done at most once per
// referenceDataMaxAgeMs). Every change to a menu bumps its menu_version (orders record the version they
// were priced against), so a cached menu of the current version is the menu. The cached object is frozen
// because every caller shares it.
async function getCachedMenu(
  db: Kysely<DatabaseSchema>,
  menuCache: Map<number, Menu>,
  menuId: number,
): Promise<Menu | undefined> {
  const current = await db.selectFrom('menus').select('menu_version').where('menu_id', '=', menuId).executeTakeFirst();
  if (current === undefined) {
    menuCache.delete(menuId);
    return undefined;
  }
  const cached = menuCache.get(menuId);
  if (cached?.menuVersion === current.menu_version) return cached;
  // Repeatable read gives PostgreSQL one snapshot for the four queries (SQLite's transaction already
  // does), so the version stored with the menu is the version of its contents.
  const menu = await db.transaction().setIsolationLevel('repeatable read').execute((transaction) => readMenu(transaction, menuId));
  if (menu === undefined) return undefined;
  menuCache.set(menuId, deepFreeze(menu));
  return menu;
}

// Four queries whatever the size of the menu, grouped in memory.
async function readMenu(db: Kysely<DatabaseSchema>, menuId: number): Promise<Menu | undefined> {
  const [menu, categoryRows, itemRows, configRows] = await Promise.all([
    db
      .selectFrom('menus')
      .select(['menu_id', 'restaurant_id', 'menu_version', 'menu_type'])
      .where('menu_id', '=', menuId)
      .executeTakeFirst(),
    db
      .selectFrom('menu_categories')
      .select(['category_id', 'name', 'description', 'category_order'])
      .where('menu_id', '=', menuId)
      // A hidden category's dishes are left out with it: they are grouped under the categories read here.
      .where('hidden', '=', 0)
      .orderBy('category_order')
      .orderBy('category_id')
      .execute(),
    menuItemRows(db, menuId),
    menuOptionRows(db, menuId),
  ]);
  if (menu === undefined) return undefined;

  const configItemsByItem = groupBy(configRows, (row) => row.item_id);
  const itemsByCategory = groupBy(itemRows, (row) => row.category_id);

  return {
    menuId: menu.menu_id,
    menuVersion: menu.menu_version,
    menuType: menu.menu_type,
    categories: categoryRows.map((category) => ({
      restaurantId: menu.restaurant_id,
      categoryId: category.category_id,
      category: category.name,
      description: category.description,
      categoryOrder: category.category_order,
      items: (itemsByCategory.get(category.category_id) ?? []).map((item) => ({
        itemId: item.item_id,
        categoryId: item.category_id,
        title: item.title,
        description: item.description,
        extendedDescription: item.extended_description,
        itemOrder: item.item_order,
        itemCost: penceToPounds(item.item_cost),
        allergens: JSON.parse(item.allergens) as Schemas['Allergen'][],
        dietary: JSON.parse(item.dietary) as Schemas['DietaryLabel'][],
        available: item.available === 1,
        highlighted: item.highlighted === 1,
        ...dishNamesOfRow(item),
        ...(item.photo === null ? {} : { photo: JSON.parse(item.photo) as Schemas['Photo'] }),
        configItems: (configItemsByItem.get(item.item_id) ?? []).map((configItem) => ({
          configId: configItem.config_id,
          configItem: configItem.label,
          extraCost: penceToPounds(configItem.extra_cost),
          available: true,
        })),
      })),
    })),
  };
}

async function readSoldOutMarks(db: Kysely<DatabaseSchema>): Promise<SoldOutMark[]> {
  const rows = await db.selectFrom('sold_out_items').selectAll().execute();
  return rows.map((row) => ({ itemId: row.item_id, configId: row.config_id === 0 ? null : row.config_id, until: row.until }));
}

/** `menu` with the dishes and options of `marks` unavailable. */
function withSoldOut(menu: Menu, marks: readonly SoldOutMark[]): Menu {
  const dishes = new Set(marks.filter((mark) => mark.configId === null).map((mark) => mark.itemId));
  const options = new Set(marks.flatMap((mark) => (mark.configId === null ? [] : [mark.configId])));
  return {
    ...menu,
    categories: menu.categories.map((category) => ({
      ...category,
      items: category.items.map((item) => ({
        ...item,
        available: item.available && !dishes.has(item.itemId),
        configItems: item.configItems.map((option) => ({ ...option, available: !options.has(option.configId) })),
      })),
    })),
  };
}

function deepFreeze<Value>(value: Value): Value {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

function groupBy<Row, Key>(rows: Row[], keyOf: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [row]);
    else group.push(row);
  }
  return groups;
}
