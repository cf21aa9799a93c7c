import type { components } from '../../src/api/schema.gen';
import type { ApiError } from '../../src/domain/apiErrors';
import type { ContactDetails, DeliveryAddress, FieldErrors } from './basketForms';
import type { BasketLine, NewBasketLine } from './basketLines';
import type { AccountVoucher, VoucherItem } from './basketVouchers';
import { OrderType, type OrderTypeValue, PaymentType, type PaymentTypeValue } from '../../src/domain/orderEnums';
import type { JourneyStepId } from './journeySteps';
import type { OrderMinimumSettings } from '../../src/domain/orderMinimums';

export type Menu = components['schemas']['Menu'];
export type OrderUpdate = components['schemas']['OrderUpdate'];
export type PricedOrder = components['schemas']['Order'];
export type DeliveryCheck = components['schemas']['DeliveryChargeDetails'];
export type CreatedBasket = { basketId: string; orderBuilderRef: string };
export type ConfirmedOrder = { orderRef: string };
/** SPEC §6: a signed-in customer confirms with `confirmAuth`, a guest with `confirm`. */
export type ConfirmInput = { basketId: string; authenticated: boolean };
/**
 * Which order "Order again" starts from: one of the signed-in customer's previous orders (`GET /account/RebuildOrder`),
 * or the order the restaurant refused or the customer cancelled in this browser (`POST /orderbuilder/orderAgain`, without
 * the dishes the kitchen named as unavailable). Both are named by the order's basket id.
 */
export type RebuildSource = 'account' | 'endedOrder';
export type RebuildInput = { orderId: string; from: RebuildSource };
/** The answer of either call: a new basket holding the order's items still on the menu. */
export type RebuiltOrder = { basketId: string; orderBuilderRef: string; items: components['schemas']['OrderItem'][]; removedItems: string[] };

/** SPEC §9: the version sent with every order and shown in the footer; SPEC §9: default menu version 1. */
export const APP_VERSION = '1.0.81';
export const DEFAULT_MENU_VERSION = 1;

/** What the order update says about the device (SPEC §7 os, osVersion, appVersion). */
export interface ClientInfo {
  os: string;
  osVersion: string;
  appVersion: string;
}

export interface DeliveryDetails extends DeliveryAddress {
  deliveryZoneId: number;
  deliveryCharge: number;
  minimumOrderValue?: number;
}

export type OrderTime = { asap: true } | { asap: false; requestedTime: string };

/** The times the server offers the order now (`GET /orderbuilder/timeSlots/{orderType}`), any the clock has passed left out. */
export interface OfferedTimes {
  asapAvailable: boolean;
  slots: readonly string[];
}

/** The server's figures for the order (never computed here: DESIGN.md "Rules the server keeps"). */
export interface OrderTotals {
  /** The item total after discounts. */
  itemCost: number;
  /** The item total before discounts (the contract's spelling). */
  orignalItemCost: number;
  /** The profile discount applied, in percent. */
  discount: number;
  /** All discounts together, in pounds. */
  discountValue: number;
  /** The profile discount's part of `discountValue`, in pounds (each voucher's part is its `lineCost`). */
  profileDiscountValue: number;
  bagCharge: number;
  deliveryCharge: number;
  totalCost: number;
}

export interface BasketContext {
  basketId?: string;
  orderBuilderRef?: string;
  menuVersion: number;
  client: ClientInfo;
  orderType: OrderTypeValue;
  lines: BasketLine[];
  /** The customer's vouchers on the order; the server's answer replaces them (priced, or cleared for a guest). */
  voucherItems: VoucherItem[];
  /** Items added before the basket existed on the server; they join `lines` once it is created (SPEC §4). */
  pendingLines: BasketLine[];
  contact?: ContactDetails;
  delivery?: DeliveryDetails;
  time?: OrderTime;
  paymentType: PaymentTypeValue;
  /** Which of PayPal's buttons the customer chose at checkout for an order paid online: /payment opens with it. */
  onlineFunding?: OnlineFunding;
  notes: string;
  totals?: OrderTotals;
  orderRef?: string;
  /** The last failed call (SPEC §8 shape); cleared by the next call that succeeds. */
  error?: ApiError;
  /** Messages per form field (contact, delivery, time, notes). */
  fieldErrors: FieldErrors;
  /**
   * What the contact and delivery forms show (what the customer last typed, kept when it was refused, or what was
   * filled in for them), and the time the order-time step shows (OFFER_TIMES, PICK_TIME).
   */
  drafts: { contact?: ContactDetails; delivery?: DeliveryAddress; time?: OrderTime };
  /** The times the server offers the order now, as the order-time step last showed them (OFFER_TIMES). */
  offeredTimes?: OfferedTimes;
  /** Titles of the items a menu change removed, for the screen to explain (until DISMISS_REMOVED_ITEMS). */
  removedItems: string[];
  /**
   * The lines a new menu version re-priced, each with its new and old price, for the screen to explain (until
   * DISMISS_REMOVED_ITEMS). Absent from baskets saved before the owner could change prices.
   */
  repricedItems?: string[];
  /** A change arrived while an update was in flight: send the whole order again when it answers. */
  saveQueued: boolean;
  /** "Place order" was pressed while an update was in flight: confirm once it is saved. */
  confirmQueued: boolean;
  /** The signed-in customer the basket is priced for (the identity's `sub`); absent for a guest. Kept by CLEAR. */
  customerSub?: string;
  /** The signed-in customer's own details (their account), filled into the contact form. Kept by CLEAR. */
  customerDetails?: ContactDetails;
  /** The signed-in customer's first saved address (their account), filled into the delivery form of an order with none. Kept by CLEAR. */
  customerAddress?: DeliveryAddress;
  /** The restaurant's minimums (SPEC §5), once known: the basket step is not left below them. Kept by CLEAR. */
  minimums?: OrderMinimumSettings;
}

/** PayPal's funding sources the checkout offers as its own choices (both are paymentType 2). */
export type OnlineFunding = 'paypal' | 'card';

/** Emitted when a step is done: the journey router (machines/orderJourney) decides where the customer goes next. */
export type StepDoneEvent = { type: 'journey.stepDone'; step: JourneyStepId };

/** The menu version when known (else SPEC §9's default), and the device (else the web's). */
export type BasketInput = { menuVersion?: number; client?: Partial<ClientInfo>; minimums?: OrderMinimumSettings };

export type BasketEvent =
  | { type: 'ADD_ITEM'; line: NewBasketLine }
  | { type: 'INCREASE_LINE'; index: number }
  | { type: 'CANCEL_LINE'; index: number }
  | { type: 'SET_SPECIAL_REQUEST'; index: number; text: string }
  | { type: 'CHOOSE_ORDER_TYPE'; orderType: 1 | 2 }
  /** Leave the basket step: refused without an order type, or below the order's minimum (SPEC §5: the restaurant's settings). */
  | { type: 'CONFIRM_BASKET' }
  /** The restaurant's minimums (SPEC §5), which CONFIRM_BASKET holds the basket to: given by the journey router. */
  | { type: 'SETTINGS'; minimums: OrderMinimumSettings }
  | ({ type: 'SUBMIT_DELIVERY' } & DeliveryAddress)
  | ({ type: 'SUBMIT_CONTACT' } & ContactDetails)
  | { type: 'SUBMIT_TIME'; asap: true }
  | { type: 'SUBMIT_TIME'; asap: false; requestedTime: string }
  /**
   * The times the server offers the order now (the order-time step opens): the time shown is the one picked before
   * while still offered, else the one chosen for the order while still offered, else as soon as possible, else the
   * first offered (journeyChoices.ts).
   */
  | { type: 'OFFER_TIMES'; offered: OfferedTimes }
  /** A time picked on the order-time step: as soon as possible, a time offered, or "At a later time" (no time named). */
  | { type: 'PICK_TIME'; asap: true }
  | { type: 'PICK_TIME'; asap: false; requestedTime?: string }
  | { type: 'SET_NOTES'; notes: string }
  | { type: 'CHOOSE_PAYMENT'; paymentType: 1 | 2; onlineFunding?: OnlineFunding }
  /**
   * The ways to pay the checkout offers as it opens, the one to choose for the customer first: a way already chosen
   * that is still offered stands; otherwise the first offered is chosen (cash where the restaurant takes it).
   */
  | { type: 'OFFER_PAYMENT_TYPES'; paymentTypes: readonly (1 | 2)[] }
  /** "Place order": confirmed at once, or, pressed while an update is in flight, once that update is saved. */
  | { type: 'CONFIRM_ORDER' }
  /** The order paid online was confirmed by authorise-capture (the payment statechart's `paid`). */
  | { type: 'ORDER_PAID'; orderRef: string }
  /** From /fix-issue: send the failed update or confirmation again (or the basket creation that failed). */
  | { type: 'RETRY' }
  /** The current menu, when its version differs from the basket's (a restored basket): revalidates the lines. */
  | { type: 'MENU_CHANGED'; menu: Menu }
  | { type: 'DISMISS_REMOVED_ITEMS' }
  | { type: 'CLEAR' }
  /** The signed-in customer changed (signed in, signed out, another customer): sent by src/actors/customerBasket.ts. */
  | { type: 'CUSTOMER_CHANGED'; sub?: string }
  /** SPEC §5: only a voucher in the customer's lists (`held`), once per order. */
  /** `dayOfWeek`: London's day now, 0 Sunday … 6 Saturday; a day-limited voucher is added only on its day. */
  | { type: 'ADD_VOUCHER'; voucher: AccountVoucher; held: readonly AccountVoucher[]; dayOfWeek: number }
  /** SPEC §5: removed only when the voucher at `index` is `voucherId`. */
  | { type: 'REMOVE_VOUCHER'; index: number; voucherId: number }
  /** SPEC §5: only when an order id is set. The basket is replaced by a new one holding that order's items. */
  | { type: 'REBUILD_ORDER'; orderId: string; from: RebuildSource }
  /** The customer's own details: fill the contact form where nothing has been typed. */
  | ({ type: 'PREFILL_CONTACT' } & ContactDetails)
  /**
   * The customer's saved addresses, as their account loads: the first is the one the delivery form opens with,
   * unless an address was already typed, chosen or accepted for this order.
   */
  | { type: 'SAVED_ADDRESSES'; addresses: readonly DeliveryAddress[] }
  /** An address the customer chose (a saved one, or one just added "for delivery"): the delivery form shows it. */
  | { type: 'PREFILL_DELIVERY'; address: DeliveryAddress }
  // Raised by the machine itself, between its regions.
  | { type: 'basket.save' }
  | { type: 'basket.saved' }
  | { type: 'basket.checkDelivery' }
  | { type: 'basket.deliveryChecked'; delivery: DeliveryDetails };

export const notProvided = (name: string) => () => Promise.reject(new Error(`The ${name} actor was not provided`));

export const DEFAULT_CLIENT: ClientInfo = { os: 'web', osVersion: '', appVersion: APP_VERSION };

export function freshContext(menuVersion: number, client: ClientInfo): BasketContext {
  return {
    menuVersion,
    client,
    orderType: OrderType.NotSet,
    lines: [],
    voucherItems: [],
    pendingLines: [],
    paymentType: PaymentType.NotSet,
    notes: '',
    fieldErrors: {},
    drafts: {},
    removedItems: [],
    repricedItems: [],
    saveQueued: false,
    confirmQueued: false,
  };
}
