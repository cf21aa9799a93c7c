import type { components } from '../api/schema.gen';
import { formatPounds } from './money';
import { cashPaymentLabel } from './paymentLabels';
import { slotDayLabel, slotLabel, slotTimeLabel } from './timeSlotLabels';
import { isActiveKitchenStatus, KITCHEN_STATUS_NAMES } from './kitchenStatus';
import { AcceptanceStatus, KitchenStatus, OrderType, type KitchenStatusValue } from './orderEnums';
import { orderLabel } from './orderNumbers';

type KitchenTicket = components['schemas']['KitchenTicket'];

export type KitchenSection = 'new' | 'inProgress' | 'done';

/**
 * Where a ticket sits on the dashboard: waiting for an answer (the restaurant's, or the customer's to a new time),
 * being cooked, or finished today. Finished orders of earlier days stay off the board.
 */
export function kitchenSectionOf(ticket: KitchenTicket, now: Date): KitchenSection | undefined {
  const answered = ticket.acceptanceStatus === AcceptanceStatus.Accepted || ticket.acceptanceStatus === AcceptanceStatus.Refused;
  if (!ticket.cancelled && !answered) return 'new';
  if (!ticket.cancelled && ticket.acceptanceStatus === AcceptanceStatus.Accepted && ticket.kitchenStatus !== null && isActiveKitchenStatus(ticket.kitchenStatus)) {
    return 'inProgress';
  }
  return slotDayLabel(new Date(ticket.acceptanceRequestedAt), now) === 'Today' ? 'done' : undefined;
}

/**
 * The board's tickets in the order their orders arrived, the oldest first: an order arriving is added after the others
 * and never moves a ticket under a finger about to tap Accept (the list the server sends is newest first). The oldest
 * new order is also the nearest to being refused automatically.
 */
export function inArrivalOrder(tickets: readonly KitchenTicket[]): KitchenTicket[] {
  const arrivedAt = (ticket: KitchenTicket) => Date.parse(ticket.acceptanceRequestedAt);
  return [...tickets].sort((first, second) => arrivedAt(first) - arrivedAt(second) || first.orderRef.localeCompare(second.orderRef));
}

// Ordered is where accepting puts an order; no button leads back to it.
const STATUS_ACTION_LABELS: Record<Exclude<KitchenStatusValue, typeof KitchenStatus.Ordered>, string> = {
  [KitchenStatus.Cooking]: 'Start cooking',
  [KitchenStatus.ReadyForDispatch]: 'Ready',
  [KitchenStatus.OutForDelivery]: 'Out for delivery',
  [KitchenStatus.Cancelled]: 'Cancel order',
  [KitchenStatus.Refunded]: 'Mark as refunded',
  [KitchenStatus.Completed]: 'Completed',
};

/** The button that moves an order to `status`, named for what the cook does (docs/acceptance-and-kitchen.md). */
export function statusActionLabel(status: KitchenStatusValue): string {
  return status === KitchenStatus.Ordered ? KITCHEN_STATUS_NAMES[status] : STATUS_ACTION_LABELS[status];
}

/** Where an order stands, in a word or two for its badge. */
export function ticketStateLabel(ticket: KitchenTicket): string {
  if (ticket.cancelled) return 'Cancelled by the customer';
  switch (ticket.acceptanceStatus) {
    case AcceptanceStatus.Requested:
      return 'New';
    case AcceptanceStatus.Updated:
      return 'Waiting for the customer';
    case AcceptanceStatus.Refused:
      return 'Refused';
    default:
      return ticket.kitchenStatus === null ? 'Accepted' : KITCHEN_STATUS_NAMES[ticket.kitchenStatus];
  }
}

export const orderTypeLabel = (ticket: KitchenTicket): string => (ticket.orderType === OrderType.Delivery ? 'Delivery' : 'Collection');

type OnlineMoney = NonNullable<KitchenTicket['payment']['money']>;

// Where the money paid online is, after its amount (docs/payments.md).
const ONLINE_MONEY_WORDS: Record<OnlineMoney, string> = {
  held: 'held',
  taking: 'being taken',
  taken: 'taken',
  releasing: 'being released',
  released: 'released',
  returning: 'being returned',
  returned: 'returned',
};

/** How the order is paid and, paid online, where its money is: "Paid online by card — £12.50 held", "Cash on delivery". */
export function paymentLabel(ticket: KitchenTicket): string {
  const { method, money, honour } = ticket.payment;
  if (method === 'cash') return cashPaymentLabel(ticket.orderType);
  if (method === 'cardOnCollection') return `Card on collection: take ${formatPounds(ticket.totalCost)}`;
  // PayPal would not hold the money past its honour period: the customer pays in cash instead (docs/payments.md).
  if (honour === 'cash') return `${cashPaymentLabel(ticket.orderType)}: take ${formatPounds(ticket.totalCost)} — PayPal's hold ran out and was released`;
  const paidBy = `Paid online by ${method === 'card' ? 'card' : 'PayPal'}`;
  if (money === null) return `${paidBy} — no payment recorded`;
  const held = `${paidBy} — ${formatPounds(ticket.totalCost)} ${ONLINE_MONEY_WORDS[money]}`;
  return honour === 'reauthorised' ? `${held} (held again at PayPal after its honour period)` : held;
}

/** Whether the automatic refusal's clock has started: a pre-order waits, without a countdown, until it does. */
export function answerClockStarted(ticket: KitchenTicket, now: Date): boolean {
  return Date.parse(ticket.answerFrom) <= now.getTime();
}

/** "ASAP" or the customer's slot, as the customer asked. */
export function requestedTimeLabel(ticket: KitchenTicket, now: Date): string {
  if (ticket.asapFlag || ticket.requestedTime === null) return 'ASAP';
  return slotLabel(ticket.requestedTime, now);
}

/** When the order is due: the customer's slot, the ASAP estimate, or the restaurant's new time. */
export function dueTimeLabel(ticket: KitchenTicket, now: Date): string {
  return slotLabel(ticket.updateTime, now);
}

/** "9:05" until the automatic refusal; never negative (the server refuses it on its next sweep). */
export function countdownLabel(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const QUARTER_HOUR_MS = 15 * 60_000;

export interface TimeChoice {
  value: string;
  label: string;
}

/**
 * The times the restaurant may propose instead: quarter hours from at least 15 minutes after the order's due time
 * (a new time is a later one) and after now (time to tell the customer and for them to answer), for three hours.
 */
export function quarterHourChoices(now: Date, due: Date, count = 12): TimeChoice[] {
  const earliest = Math.max(now.getTime(), due.getTime()) + QUARTER_HOUR_MS;
  const first = Math.ceil(earliest / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  return Array.from({ length: count }, (_, index) => {
    const time = new Date(first + index * QUARTER_HOUR_MS);
    const day = slotDayLabel(time, now);
    return { value: time.toISOString(), label: day === 'Today' ? slotTimeLabel(time) : `${day} ${slotTimeLabel(time)}` };
  });
}

export function addressLines(ticket: KitchenTicket): string[] {
  const address = ticket.deliveryAddress;
  if (address === null) return [];
  return [address.address1, address.address2, address.town, address.postcode].filter((line) => line.trim() !== '');
}

/** What staff call a ticket: its order's number of the day, "Order 47" (the server always sends it). */
export function ticketName(ticket: KitchenTicket): string {
  return ticket.orderNumber === undefined ? 'Order' : orderLabel(ticket.orderNumber);
}

/** The banner names this many orders at most: named in full, a rush's banner covered the tickets' numbers under it. */
const BANNER_NAMED_ORDERS = 2;

/** The new-orders banner's line: each order by the name staff call out, the oldest first, then how many more. */
export function newOrdersBannerLine(tickets: readonly KitchenTicket[]): string {
  const named = tickets.slice(0, BANNER_NAMED_ORDERS).map((ticket) => `${ticketName(ticket)}: ${ticket.name} (${orderTypeLabel(ticket)})`);
  const more = tickets.length - named.length;
  return more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ');
}
