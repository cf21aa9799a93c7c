import { BasketStatus, OrderType, PaymentType, type OrderTypeValue, type PaymentTypeValue } from '../../src/domain/orderEnums';
import type { components } from '../../src/api/schema.gen';
import { busyPauseMessage } from '../../src/domain/busyMode';
import { isOnlineOrderingAvailable } from '../../src/domain/onlineOrdering';
import type { OrderMinimumSettings } from '../../src/domain/orderMinimums';
import { cashOrderTooLargeMessage, type OrderSizeLimits } from '../../src/domain/orderSizeLimits';
import { cashOfferFor, type CashOffer } from '../basket/basketPayment';
import { CONFIRMATION_PATH, fixIssueReturn, journeyStepAt, redirectForPath, type JourneyOrder } from '../basket/journeySteps';
import type { PaymentStage } from '../payment/paymentStage';

// What the journey router knows of the order: the facts its steps report, and where each route may be opened from them.

export const FIX_ISSUE_PATH = '/fix-issue';
export const PAYMENT_PROCESSING_PATH = '/paymentProcessing';
export const PAYMENT_ISSUE_PATH = '/paymentIssue';
export const ORDER_CANCELLED_PATH = '/order-cancelled';
export const ORDER_CANCEL_ERROR_PATH = '/order-cancel-error';
export const ORDER_CONFIRMATION_PATH = '/confirmation';

/** The accepted order's page, named by its reference (the page reads the order by it). */
export function confirmationHref(orderRef: string): string {
  return `${ORDER_CONFIRMATION_PATH}?orderId=${encodeURIComponent(orderRef)}`;
}

/** The basket step's report: where the basket stands (SPEC §4 status, order and payment type) and whether it waits on /fix-issue. */
export interface BasketFacts {
  status: number;
  orderType: OrderTypeValue;
  paymentType: PaymentTypeValue;
  hasLines: boolean;
  needsFix: boolean;
  busy: boolean;
  rebuilding: boolean;
  /** The last call failed (the screen that asked says why). */
  failed: boolean;
  /** The server's total for the order, once priced. */
  totalCostPence?: number;
}

/** The payment step's report: where the payment statechart stands, and whether a reload may resume a linked payment. */
export type PaymentAt = PaymentStage;
export interface PaymentFacts {
  at: PaymentAt;
  /** A payment linked before a reload, which /paymentProcessing authorises again. */
  resumable: boolean;
}

/** The acceptance step's report: the restaurant's answer to the placed order. */
/** `reading`: the placed order's answer is being read (a reload, a resumed order), not known yet. */
export type AcceptanceAt = 'none' | 'reading' | 'waiting' | 'accepted' | 'ended' | 'cancelError';
export interface AcceptanceFacts {
  at: AcceptanceAt;
  orderRef?: string;
}

/** The restaurant's settings the journey follows (SPEC §5), and the choice this device remembers. */
export interface JourneySettings {
  minimums?: OrderMinimumSettings;
  /** Whether the restaurant takes cash, and for orders up to what size (the checkout's cash offer). */
  cash?: { allowCashPayment: boolean; limits: OrderSizeLimits };
  /** The order type this device chose last. */
  rememberedOrderType?: OrderTypeValue;
}

export interface JourneyFactsContext {
  basket: BasketFacts;
  payment: PaymentFacts;
  acceptance: AcceptanceFacts;
}

export const NO_BASKET: BasketFacts = {
  status: BasketStatus.Created,
  orderType: OrderType.NotSet,
  paymentType: PaymentType.NotSet,
  hasLines: false,
  needsFix: false,
  busy: false,
  rebuilding: false,
  failed: false,
};
export const NO_PAYMENT: PaymentFacts = { at: 'idle', resumable: false };
export const NO_ACCEPTANCE: AcceptanceFacts = { at: 'none' };

export function journeyOrderOf(basket: BasketFacts): JourneyOrder {
  return { orderType: basket.orderType, paymentType: basket.paymentType };
}

/** Where /fix-issue's "Back to …" goes, and how it names it. */
export function fixIssueReturnOf(facts: JourneyFactsContext): { path: string; name: string } {
  return fixIssueReturn(facts.basket.status, journeyOrderOf(facts.basket));
}

/** The placed order's page the acceptance stands at, or undefined while no order is placed. */
function acceptancePath(acceptance: AcceptanceFacts): string | undefined {
  switch (acceptance.at) {
    case 'none':
      return undefined;
    case 'reading':
    case 'waiting':
      return CONFIRMATION_PATH;
    case 'accepted':
      return acceptance.orderRef === undefined ? CONFIRMATION_PATH : confirmationHref(acceptance.orderRef);
    case 'ended':
      return ORDER_CANCELLED_PATH;
    case 'cancelError':
      return ORDER_CANCEL_ERROR_PATH;
  }
}

/** Where the order stands as a whole: the placed order's page, the payment's page, or the basket's first step still to do. */
function whereTheOrderIs(facts: JourneyFactsContext, path: string): string {
  const placed = acceptancePath(facts.acceptance);
  if (placed !== undefined && facts.basket.status >= BasketStatus.Confirmed) return placed;
  if (facts.payment.at === 'processing' || facts.payment.resumable) return PAYMENT_PROCESSING_PATH;
  if (facts.payment.at === 'issue') return PAYMENT_ISSUE_PATH;
  // The placed order's page is kept after the basket is cleared for the next order (an ending, or a new order started);
  // while the restaurant has not answered (or a cancel was refused) it is kept even once the next order has dishes,
  // so that the customer can still follow it, cancel it or take a new time.
  if (placed !== undefined && (!facts.basket.hasLines || facts.acceptance.at === 'waiting' || facts.acceptance.at === 'cancelError')) return placed;
  return redirectForPath(path, facts.basket.status, journeyOrderOf(facts.basket)) ?? path;
}

const same = (a: string, b: string) => a.replace(/\?.*$/, '').replace(/\/+$/, '').toLowerCase() === b.toLowerCase();

/**
 * Where a route guard sends the customer who opens `path`, or undefined to let them in: the journey's steps by the
 * step table (machines/basket/journeySteps.ts); the payment, acceptance and confirmation pages only while the order
 * stands there, otherwise where it does stand (no order in progress: its first step). Paths outside the journey are
 * not guarded. `/confirmation` with an order named in its link shows that order (links from e-mails and accounts).
 */
export function journeyRedirect(facts: JourneyFactsContext, path: string, search: { orderId?: string } = {}): string | undefined {
  if (journeyStepAt(path) !== undefined) {
    const placed = acceptancePath(facts.acceptance);
    // An order placed and still in the basket: its steps are done, and its page is where it stands.
    if (placed !== undefined && facts.basket.status >= BasketStatus.Confirmed && !same(path, '/order')) return placed;
    // A payment under way, or linked before the tab was closed, is finished before another can be started.
    if ((facts.payment.at === 'processing' || facts.payment.resumable) && same(path, '/payment')) return PAYMENT_PROCESSING_PATH;
    const to = redirectForPath(path, facts.basket.status, journeyOrderOf(facts.basket));
    // An empty basket is shown at /basket, saying so, rather than sent to the menu.
    return same(path, '/basket') && to === '/order' ? undefined : to;
  }
  if (same(path, ORDER_CONFIRMATION_PATH) && search.orderId !== undefined) return undefined;
  // The page tells how an order of this device ended; with no order at all there is nothing to tell, and the visitor
  // starts at the home page.
  if (same(path, ORDER_CANCELLED_PATH) && facts.acceptance.at === 'none') return '/';
  const placedPages = [CONFIRMATION_PATH, ORDER_CANCELLED_PATH, ORDER_CANCEL_ERROR_PATH, ORDER_CONFIRMATION_PATH];
  // An order that ended before a reload (its basket cleared) is read again: its pages wait for the answer (each says so).
  // One still in its basket was waiting when last known, and is shown waiting meanwhile.
  if (facts.acceptance.at === 'reading' && facts.basket.status < BasketStatus.Confirmed && placedPages.some((page) => same(path, page))) return undefined;
  const stands = [PAYMENT_PROCESSING_PATH, PAYMENT_ISSUE_PATH, ...placedPages];
  if (!stands.some((guarded) => same(path, guarded))) return undefined;
  const to = whereTheOrderIs(facts, '/payment');
  return same(to, path) ? undefined : to;
}

/** Whether the checkout offers cash for this order, once the restaurant's settings are known (machines/basket/basketPayment.ts). */
export function cashOfferOf(settings: JourneySettings, basket: BasketFacts): CashOffer | undefined {
  return settings.cash === undefined ? undefined : cashOfferFor(settings.cash.allowCashPayment, basket.totalCostPence, settings.cash.limits);
}

/** What the checkout says of cash for an order too large to pay in cash (whom to phone), or undefined for any other. */
export function cashTooLargeMessageOf(settings: JourneySettings, basket: BasketFacts): string | undefined {
  return cashOfferOf(settings, basket) === 'tooLarge' && settings.cash !== undefined ? cashOrderTooLargeMessage(settings.cash.limits) : undefined;
}

/**
 * Why the journey's public pages take no order, or undefined when they do: SPEC §2's switches off (no reason: the page
 * says ordering is unavailable), or, given the time, the restaurant's busy-mode pause (its message says until when).
 */
export function orderingRefusal(restaurant: components['schemas']['RestaurantData'], now?: Date): { reason?: string } | undefined {
  if (!isOnlineOrderingAvailable(restaurant)) return {};
  const paused = now === undefined ? undefined : busyPauseMessage(restaurant.busyMode, now);
  return paused === undefined ? undefined : { reason: paused };
}
