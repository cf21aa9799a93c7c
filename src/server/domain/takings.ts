import { addDays, daysBetween, isCalendarDate, londonDateAt, londonTimeAt, wallClockAt } from '../../domain/londonClock';
import { bookingMessages } from '../../domain/bookingRules';
import { OrderType, PaymentType, type KitchenStatusValue, type AcceptanceStatusValue, AcceptanceStatus, KitchenStatus } from '../../domain/orderEnums';
import { orderHasFallenThrough } from './loyalty';
import type { Validated } from './bookingRequests';

// The owner's takings (docs/back-office.md, "Takings"): which orders count, their totals, the busiest times and the
// accountant's CSV, from the orders as stored. Money is integer pence here; the handler speaks pounds.

export const MAX_TAKINGS_DAYS = 366;

export const takingsRangeMessages = {
  dateFormat: bookingMessages.dateFormat,
  toBeforeFrom: 'must not be before from',
  rangeTooLong: `must be at most ${MAX_TAKINGS_DAYS} days after from`,
} as const;

/** A confirmed order as the takings read it from the database. ISO instants in UTC. */
export interface PlacedOrderRow {
  orderRef: string;
  orderNumber: number;
  /** The customer's name as given with the order. */
  name: string;
  confirmedAt: string;
  orderType: number;
  paymentType: number;
  /** PayPal's funding source ('paypal', 'card'…) for an order paid online; null for cash. */
  paymentSource: string | null;
  /** PayPal's hold of an order for later ran out and could not be renewed: the customer pays cash when it is collected or delivered. */
  paidInCashInstead: boolean;
  /** A phone order paid by card at the counter. */
  cardOnCollection: boolean;
  /** The basket's source_type: 'Website' or 'Phone'. */
  sourceType: string;
  originalItemCostPence: number;
  discountPence: number;
  deliveryChargePence: number;
  bagChargePence: number;
  totalCostPence: number;
  /** The customer's chosen time; null for ASAP. */
  requestedTime: string | null;
  /** Null until the kitchen was asked to accept it. */
  acceptance: {
    status: AcceptanceStatusValue;
    refusalReason: string | null;
    cancelledAt: string | null;
    kitchenStatus: KitchenStatusValue | null;
    /** When it is due, as agreed. */
    updateTime: string;
  } | null;
}

export type TakingsPayment = 'cash' | 'paypal' | 'card' | 'cardOnCollection';
export type TakingsChannel = 'online' | 'phone';
export type TakingsOrderType = 'collection' | 'delivery';
export type TakingsStatus = 'waiting' | 'accepted' | 'completed' | 'refused' | 'cancelled' | 'refunded';

export interface TakingsOrder {
  orderRef: string;
  orderNumber: number;
  name: string;
  placedAt: string;
  channel: TakingsChannel;
  orderType: TakingsOrderType;
  payment: TakingsPayment;
  itemTotalPence: number;
  discountPence: number;
  deliveryPence: number;
  bagPence: number;
  totalPence: number;
  status: TakingsStatus;
  /** In the totals: every order that has not fallen through (refused, cancelled or refunded). */
  counted: boolean;
  reason: string | null;
}

export interface TakingsTotal {
  orders: number;
  itemTotalPence: number;
  discountPence: number;
  deliveryPence: number;
  bagPence: number;
  totalPence: number;
}

export interface Takings {
  orders: TakingsOrder[];
  totals: TakingsTotal;
  byPayment: { payment: TakingsPayment; orders: number; totalPence: number }[];
  byChannel: { channel: TakingsChannel; orders: number; totalPence: number }[];
  byOrderType: { orderType: TakingsOrderType; orders: number; totalPence: number }[];
  busiestSlots: { time: string; orders: number }[];
}

export interface TakingsRange {
  from: string;
  to: string;
}

export function validateTakingsRange(range: TakingsRange): Validated<TakingsRange> {
  const failures: { field: string; message: string }[] = [];
  if (!isCalendarDate(range.from)) failures.push({ field: 'from', message: takingsRangeMessages.dateFormat });
  const days = daysBetween(range.from, range.to);
  if (!isCalendarDate(range.to)) failures.push({ field: 'to', message: takingsRangeMessages.dateFormat });
  else if (days !== undefined && days < 0) failures.push({ field: 'to', message: takingsRangeMessages.toBeforeFrom });
  else if (days !== undefined && days > MAX_TAKINGS_DAYS) failures.push({ field: 'to', message: takingsRangeMessages.rangeTooLong });
  return failures.length > 0 ? { ok: false, failures } : { ok: true, value: range };
}

/** The instant London's `date` begins. London is on UTC or an hour ahead, and never changes its clocks at midnight. */
export function londonMidnight(date: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  const clock = wallClockAt(utcMidnight);
  const aheadMs = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute) - utcMidnight;
  return new Date(utcMidnight - aheadMs);
}

/**
 * The instants a range of London days spans, from its first day's midnight up to, not including, the day after its
 * last: the orders of the takings placed in them, and the bookings and enquiries received in them.
 */
export function londonDaysInstants(range: { from: string; to: string }): { fromInstant: string; beforeInstant: string } {
  return { fromInstant: londonMidnight(range.from).toISOString(), beforeInstant: londonMidnight(addDays(range.to, 1)).toISOString() };
}

function statusOf(row: PlacedOrderRow): { status: TakingsStatus; reason: string | null } {
  const { acceptance } = row;
  if (acceptance === null) return { status: 'waiting', reason: null };
  if (acceptance.cancelledAt !== null) return { status: 'cancelled', reason: 'The customer cancelled' };
  if (acceptance.status === AcceptanceStatus.Refused) return { status: 'refused', reason: acceptance.refusalReason };
  if (acceptance.kitchenStatus === KitchenStatus.Cancelled) return { status: 'cancelled', reason: 'The kitchen cancelled' };
  if (acceptance.kitchenStatus === KitchenStatus.Refunded) return { status: 'refunded', reason: 'Refunded to the customer' };
  if (acceptance.kitchenStatus === KitchenStatus.Completed) return { status: 'completed', reason: null };
  if (acceptance.status === AcceptanceStatus.Accepted) return { status: 'accepted', reason: null };
  return { status: 'waiting', reason: null };
}

function paymentOf(row: PlacedOrderRow): TakingsPayment {
  if (row.paymentType === PaymentType.CashOrder) return row.cardOnCollection ? 'cardOnCollection' : 'cash';
  // The money is taken at the till, not from PayPal: counted with the cash, so that each matches its statement.
  if (row.paidInCashInstead) return 'cash';
  return row.paymentSource === 'card' ? 'card' : 'paypal';
}

const QUARTER_HOUR_MS = 15 * 60_000;
const MOST_SLOTS = 10;

/** The quarter-hour of London's day an order was due in: its agreed time, else the customer's, else when it was placed (ASAP). */
function slotOf(row: PlacedOrderRow): string {
  const due = Date.parse(row.acceptance?.updateTime ?? row.requestedTime ?? row.confirmedAt);
  return londonTimeAt(Math.floor(due / QUARTER_HOUR_MS) * QUARTER_HOUR_MS);
}

function totalOf(orders: readonly TakingsOrder[]): TakingsTotal {
  const sum = (pence: (order: TakingsOrder) => number) => orders.reduce((total, order) => total + pence(order), 0);
  return {
    orders: orders.length,
    itemTotalPence: sum((order) => order.itemTotalPence),
    discountPence: sum((order) => order.discountPence),
    deliveryPence: sum((order) => order.deliveryPence),
    bagPence: sum((order) => order.bagPence),
    totalPence: sum((order) => order.totalPence),
  };
}

/** The takings of the orders placed in a range (`rows`, oldest first). */
export function takingsOf(rows: readonly PlacedOrderRow[]): Takings {
  const orders: TakingsOrder[] = rows.map((row) => {
    const { status, reason } = statusOf(row);
    return {
      orderRef: row.orderRef,
      orderNumber: row.orderNumber,
      name: row.name,
      placedAt: row.confirmedAt,
      channel: row.sourceType === 'Phone' ? 'phone' : 'online',
      orderType: row.orderType === OrderType.Delivery ? 'delivery' : 'collection',
      payment: paymentOf(row),
      itemTotalPence: row.originalItemCostPence,
      discountPence: row.discountPence,
      deliveryPence: row.deliveryChargePence,
      bagPence: row.bagChargePence,
      totalPence: row.totalCostPence,
      status,
      counted: row.acceptance === null || !orderHasFallenThrough(row.acceptance),
      reason,
    };
  });
  const counted = orders.filter((order) => order.counted);
  const slotCounts = new Map<string, number>();
  rows.forEach((row, index) => {
    if (!orders[index].counted) return;
    const slot = slotOf(row);
    slotCounts.set(slot, (slotCounts.get(slot) ?? 0) + 1);
  });
  const group = <Key extends string>(keys: readonly Key[], keyOf: (order: TakingsOrder) => Key) =>
    keys.map((key) => {
      const total = totalOf(counted.filter((order) => keyOf(order) === key));
      return { key, orders: total.orders, totalPence: total.totalPence };
    });
  return {
    orders,
    totals: totalOf(counted),
    byPayment: group(['cash', 'paypal', 'card', 'cardOnCollection'] as const, (order) => order.payment).map(({ key, ...total }) => ({ payment: key, ...total })),
    byChannel: group(['online', 'phone'] as const, (order) => order.channel).map(({ key, ...total }) => ({ channel: key, ...total })),
    byOrderType: group(['collection', 'delivery'] as const, (order) => order.orderType).map(({ key, ...total }) => ({ orderType: key, ...total })),
    busiestSlots: [...slotCounts]
      .map(([time, count]) => ({ time, orders: count }))
      .sort((first, second) => second.orders - first.orders || (first.time < second.time ? -1 : 1))
      .slice(0, MOST_SLOTS),
  };
}

const STATUS_LABELS: Readonly<Record<TakingsStatus, string>> = {
  waiting: 'Waiting',
  accepted: 'Accepted',
  completed: 'Completed',
  refused: 'Refused',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};
const PAYMENT_LABELS: Readonly<Record<TakingsPayment, string>> = { cash: 'Cash', paypal: 'PayPal', card: 'Card', cardOnCollection: 'Card on collection' };
const CHANNEL_LABELS: Readonly<Record<TakingsChannel, string>> = { online: 'Online', phone: 'Phone' };
const ORDER_TYPE_LABELS: Readonly<Record<TakingsOrderType, string>> = { collection: 'Collection', delivery: 'Delivery' };

export const TAKINGS_CSV_HEADER = [
  'Date',
  'Time',
  'Order',
  'Name',
  'Channel',
  'Type',
  'Payment',
  'Item total',
  'Discount',
  'Delivery',
  'Bag',
  'Total',
  'Not taken',
  'Status',
  'Reference',
];

/** 1234 → "12.34": pounds with two decimals, without a currency sign or grouping, as spreadsheets read numbers. */
const poundsText = (pence: number) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

/** "2026-11-24" → "24/11/2026", the way a UK spreadsheet reads a date. */
const ukDate = (date: string) => date.split('-').reverse().join('/');

/**
 * One CSV field: quoted when it holds a comma, a quote or a line break. Text that a spreadsheet would run as a formula
 * (a customer's name or a refusal reason typed as "=…", an order reference starting with "-") is kept as text by a
 * leading apostrophe (OWASP's advice on CSV injection).
 */
function csvField(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The accountant's file: a header line, then one line per order placed, CRLF line ends (RFC 4180) and a byte-order
 * mark so that spreadsheets read it as UTF-8. The money columns up to Total are what was taken, so that Total summed is
 * the takings' total: an order that fell through (refused, cancelled, refunded) is listed with 0.00 there, its value
 * under "Not taken" and its status saying why. Each line keeps Item total − Discount + Delivery + Bag = Total.
 */
export function takingsCsv(orders: readonly TakingsOrder[]): string {
  const lines = orders.map((order) => {
    const placed = Date.parse(order.placedAt);
    const taken = (pence: number) => poundsText(order.counted ? pence : 0);
    return [
      ukDate(londonDateAt(placed)),
      londonTimeAt(placed),
      String(order.orderNumber),
      order.name,
      CHANNEL_LABELS[order.channel],
      ORDER_TYPE_LABELS[order.orderType],
      PAYMENT_LABELS[order.payment],
      taken(order.itemTotalPence),
      taken(order.discountPence),
      taken(order.deliveryPence),
      taken(order.bagPence),
      taken(order.totalPence),
      poundsText(order.counted ? 0 : order.totalPence),
      order.reason === null ? STATUS_LABELS[order.status] : `${STATUS_LABELS[order.status]}: ${order.reason}`,
      order.orderRef,
    ];
  });
  return `\uFEFF${[TAKINGS_CSV_HEADER, ...lines].map((fields) => fields.map(csvField).join(',')).join('\r\n')}\r\n`;
}
