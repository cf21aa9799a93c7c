import { and, assign, emit, fromPromise, not, or, raise, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { components } from '../../src/api/schema.gen';
import { apiErrorOf, type ApiError } from '../../src/domain/apiErrors';
import {
  deliveryMessages,
  fillBlankContact,
  hasErrors,
  isDateTime,
  MAX_NOTES_LENGTH,
  notesMessages,
  tidyContact,
  tidyDeliveryAddress,
  timeMessages,
  validateContact,
  validateDeliveryAddress,
  withoutKnownContact,
  type ContactDetails,
  type DeliveryAddress,
  type FieldErrors,
} from './basketForms';
import {
  cancelLine,
  increaseLine,
  itemTotal,
  linesFromServer,
  repricedLines,
  linesToServer,
  MAX_LINE_QUANTITY,
  MAX_SPECIAL_REQUEST_LENGTH,
  mergeLine,
  revalidateLines,
  setSpecialRequest,
  type BasketLine,
  type NewBasketLine,
} from './basketLines';
import {
  isApplied,
  isHeld,
  MAX_VOUCHERS_PER_ORDER,
  refusedVouchers,
  voucherItemOf,
  withoutRefusedVouchers,
  type AccountVoucher,
  type VoucherItem,
} from './basketVouchers';
import { BasketStatus, OrderType, type OrderTypeValue, PaymentType, type PaymentTypeValue } from '../../src/domain/orderEnums';
import {
  firstIncompleteStep as firstIncompleteStepAt,
  fixIssueReturn,
  goesThrough,
  journeyStep,
  JOURNEY_STEPS,
  neededStatus,
  redirectForPath,
  stepAfter,
  type JourneyDestination,
  type JourneyOrder,
  type JourneyStepId,
} from './journeySteps';
import { penceToPounds, poundsToPence } from '../../src/domain/money';
import type { OrderMinimumSettings } from '../../src/domain/orderMinimums';
import { voucherDayRefusal } from '../../src/domain/voucherDays';
import { basketRefusal } from './basketMinimums';

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
  /** What the customer last typed into the contact and delivery forms, kept when it was refused. */
  drafts: { contact?: ContactDetails; delivery?: DeliveryAddress };
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
}

/** PayPal's funding sources the checkout offers as its own choices (both are paymentType 2). */
export type OnlineFunding = 'paypal' | 'card';

/** Emitted when a step is done: where the customer goes next (the screen of that step follows it). */
export type StepDoneEvent = { type: 'journey.stepDone'; step: JourneyStepId; next: JourneyDestination };

/** The menu version when known (else SPEC §9's default), and the device (else the web's). */
export type BasketInput = { menuVersion?: number; client?: Partial<ClientInfo> };

export type BasketEvent =
  | { type: 'ADD_ITEM'; line: NewBasketLine }
  | { type: 'INCREASE_LINE'; index: number }
  | { type: 'CANCEL_LINE'; index: number }
  | { type: 'SET_SPECIAL_REQUEST'; index: number; text: string }
  | { type: 'CHOOSE_ORDER_TYPE'; orderType: 1 | 2 }
  /** Leave the basket step: refused without an order type, or below the order's minimum (SPEC §5: the restaurant's settings). */
  | { type: 'CONFIRM_BASKET'; minimums: OrderMinimumSettings }
  | ({ type: 'SUBMIT_DELIVERY' } & DeliveryAddress)
  | ({ type: 'SUBMIT_CONTACT' } & ContactDetails)
  | { type: 'SUBMIT_TIME'; asap: true }
  | { type: 'SUBMIT_TIME'; asap: false; requestedTime: string }
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
  /** An address the customer chose (a saved one, or one just added "for delivery"): the delivery form shows it. */
  | { type: 'PREFILL_DELIVERY'; address: DeliveryAddress }
  // Raised by the machine itself, between its regions.
  | { type: 'basket.save' }
  | { type: 'basket.saved' }
  | { type: 'basket.checkDelivery' }
  | { type: 'basket.deliveryChecked'; delivery: DeliveryDetails };

const notProvided = (name: string) => () => Promise.reject(new Error(`The ${name} actor was not provided`));

const DEFAULT_CLIENT: ClientInfo = { os: 'web', osVersion: '', appVersion: APP_VERSION };

function freshContext(menuVersion: number, client: ClientInfo): BasketContext {
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

function withoutFields(errors: FieldErrors, fields: readonly (keyof FieldErrors)[]): FieldErrors {
  const remaining = { ...errors };
  for (const field of fields) delete remaining[field];
  return remaining;
}

const CONTACT_FIELDS = ['name', 'phone', 'email'] as const;
const DELIVERY_FIELDS = ['address1', 'address2', 'town', 'postcode'] as const;

/**
 * The whole order as `POST /orderbuilder/update` takes it (SPEC §7). The figures are the client's best guess;
 * the server recomputes them and its answer replaces them.
 */
export function orderUpdateOf(context: BasketContext): OrderUpdate {
  if (context.basketId === undefined) throw new Error('An order update needs a basket');
  const isDelivery = context.orderType === OrderType.Delivery && context.delivery !== undefined;
  const itemCost = itemTotal(context.lines);
  const deliveryCharge = isDelivery ? context.delivery!.deliveryCharge : 0;
  const bagCharge = context.totals?.bagCharge ?? 0;
  const discountValue = context.totals?.discountValue ?? 0;
  return {
    basketId: context.basketId,
    menuVersion: context.menuVersion,
    sourceType: 'Website',
    os: context.client.os,
    osVersion: context.client.osVersion,
    appVersion: context.client.appVersion,
    orderType: context.orderType,
    orderItems: linesToServer(context.lines),
    voucherItems: context.voucherItems,
    itemCost,
    deliveryCharge,
    bagCharge,
    discount: context.totals?.discount ?? 0,
    totalCost: penceToPounds(
      Math.max(0, poundsToPence(itemCost) - poundsToPence(discountValue) + poundsToPence(bagCharge) + poundsToPence(deliveryCharge)),
    ),
    ignoreTimeOffset: false,
    ...(context.contact ?? {}),
    paymentType: context.paymentType,
    requestedTime: context.time?.asap === false ? context.time.requestedTime : null,
    asapFlag: context.time?.asap === true,
    notes: context.notes,
    deliveryAddress: isDelivery
      ? { address1: context.delivery!.address1, address2: context.delivery!.address2, town: context.delivery!.town, postcode: context.delivery!.postcode }
      : null,
    deliveryZoneId: isDelivery ? context.delivery!.deliveryZoneId : null,
    payPalData: null,
  };
}

function totalsOf(order: PricedOrder): OrderTotals {
  return {
    itemCost: order.itemCost,
    orignalItemCost: order.orignalItemCost,
    discount: order.discount,
    discountValue: order.discountValue,
    profileDiscountValue: order.profileDiscountValue,
    bagCharge: order.bagCharge,
    deliveryCharge: order.deliveryCharge,
    totalCost: order.totalCost,
  };
}

/**
 * The server's answer to an update replaces the lines, the vouchers and the figures. A line it priced otherwise than the
 * customer was shown (a menu version published meanwhile) is named, to be acknowledged before the order is paid.
 */
function pricedBy(context: BasketContext, order: PricedOrder): Partial<BasketContext> {
  const lines = linesFromServer(order.orderItems);
  const repriced = repricedLines(context.lines, lines);
  return {
    lines,
    voucherItems: order.voucherItems,
    totals: totalsOf(order),
    ...(repriced.length === 0 ? {} : { repricedItems: [...(context.repricedItems ?? []), ...repriced] }),
  };
}

function sameDelivery(a: DeliveryDetails | undefined, b: DeliveryDetails): boolean {
  return (
    a !== undefined &&
    a.address1 === b.address1 &&
    a.address2 === b.address2 &&
    a.town === b.town &&
    a.postcode === b.postcode &&
    a.deliveryZoneId === b.deliveryZoneId
  );
}

function sameContact(a: ContactDetails | undefined, b: ContactDetails): boolean {
  return a !== undefined && a.name === b.name && a.phone === b.phone && a.email === b.email;
}

function orderTimeOf(event: Extract<BasketEvent, { type: 'SUBMIT_TIME' }>): OrderTime {
  return event.asap ? { asap: true } : { asap: false, requestedTime: event.requestedTime };
}

function sameTime(a: OrderTime | undefined, b: OrderTime): boolean {
  if (a === undefined || a.asap !== b.asap) return false;
  return a.asap || b.asap || a.requestedTime === b.requestedTime;
}

function addressOf(event: DeliveryAddress): DeliveryAddress {
  return { address1: event.address1, address2: event.address2, town: event.town, postcode: event.postcode };
}

/** Valid contact details become the order's; what was typed stays in the form. */
function acceptedContact(context: BasketContext, event: ContactDetails): Partial<BasketContext> {
  return {
    contact: tidyContact(event),
    fieldErrors: withoutFields(context.fieldErrors, CONTACT_FIELDS),
    drafts: { ...context.drafts, contact: contactOf(event) },
  };
}

function contactOf(event: ContactDetails): ContactDetails {
  return { name: event.name, phone: event.phone, email: event.email };
}

/** A new order for the same customer (CLEAR): their details are in the contact form again. */
function draftsForNewOrder(context: BasketContext): BasketContext['drafts'] {
  return context.customerDetails === undefined ? {} : { contact: context.customerDetails };
}

/**
 * Another customer (or none): the vouchers and the details filled in from the account go with the one who left;
 * what was typed into the order stays.
 */
function customerChanged(context: BasketContext, sub: string | undefined): Partial<BasketContext> {
  const { contact: typed, ...otherDrafts } = context.drafts;
  const known = context.customerDetails;
  return {
    customerSub: sub,
    customerDetails: undefined,
    voucherItems: [],
    fieldErrors: withoutFields(context.fieldErrors, ['voucher']),
    drafts: typed === undefined || known === undefined ? context.drafts : { ...otherDrafts, contact: withoutKnownContact(typed, known) },
  };
}

/** Only a refusal of a voucher the order holds: removing it makes progress, so the order can be sent again. */
function voucherRefused({ context, event }: { context: BasketContext; event: { error: unknown } }): boolean {
  return refusedVouchers(apiErrorOf(event.error)).some((refusal) => refusal.position < context.voucherItems.length);
}

/** The optional fields of an order, named so that `assign` (which merges) clears them. */
const NO_ORDER = {
  basketId: undefined,
  orderBuilderRef: undefined,
  contact: undefined,
  delivery: undefined,
  time: undefined,
  totals: undefined,
  orderRef: undefined,
  error: undefined,
} as const;

/**
 * The rebuilt order replaces the basket: its lines (priced by the server from today's menu), what could not be
 * carried over, no order type and no vouchers yet; the customer and what the forms show stay.
 */
function rebuiltContext(context: BasketContext, rebuilt: RebuiltOrder): Partial<BasketContext> {
  return {
    ...NO_ORDER,
    ...freshContext(context.menuVersion, context.client),
    basketId: rebuilt.basketId,
    orderBuilderRef: rebuilt.orderBuilderRef,
    lines: linesFromServer(rebuilt.items),
    removedItems: rebuilt.removedItems,
    drafts: context.drafts,
  };
}

/** SPEC §4: the basket status each state of the journey stands for; the steps' states come from the step table. */
const STATUS_OF_JOURNEY_STATE: Readonly<Record<string, number>> = {
  empty: BasketStatus.Created,
  creating: BasketStatus.Created,
  created: BasketStatus.Created,
  ...Object.fromEntries(JOURNEY_STEPS.flatMap((step) => (step.journeyState === undefined ? [] : [[step.journeyState, step.status]]))),
  confirming: BasketStatus.Checkout,
  confirmed: BasketStatus.Confirmed,
};

/** The journey's states that hold an editable basket (a basket exists, the order is not confirmed or confirming). */
const EDITABLE_STATES = ['created', ...JOURNEY_STEPS.flatMap((step) => (step.journeyState === undefined ? [] : [step.journeyState]))];
const inJourney = (...states: readonly string[]) => or(states.map((state) => stateIn({ journey: state })));

/** Guard: the basket can still change and its status is at least `status`. */
const reached = (status: number) => inJourney(...EDITABLE_STATES.filter((state) => STATUS_OF_JOURNEY_STATE[state]! >= status));

const ORDER_TYPES = Object.values(OrderType);
/** The step table asks about payment only for the payment step, which the statechart does not enter (yet). */
const journeyOrderOfType = (orderType: OrderTypeValue): JourneyOrder => ({ orderType, paymentType: PaymentType.NotSet });

/** Guard: the order goes through the step and the basket has reached the status it needs (it may be entered again). */
const stepOpen = (id: JourneyStepId) =>
  or(
    ORDER_TYPES.filter((orderType) => goesThrough(journeyStep(id), journeyOrderOfType(orderType))).map((orderType) =>
      and([({ context }) => (context as BasketContext).orderType === orderType, reached(neededStatus(journeyStep(id), journeyOrderOfType(orderType)))]),
    ),
  );

/** Guard: the order goes through the step and has done it (a change there is a change to a step already done). */
const stepDone = (id: JourneyStepId) =>
  and([({ context }) => goesThrough(journeyStep(id), journeyOrderOfType((context as BasketContext).orderType)), reached(journeyStep(id).status)]);

/**
 * The basket (SPEC §4 basket status 0..7, order type, payment type) along the journey of docs/order-journey.md.
 *
 * Four parallel regions:
 * - `journey`: the status. `empty` (no basket yet) and `creating` count as Created 0; `confirming` as Checkout 6.
 *   Which step's event is taken, and which step comes next, are read from the step table (journeySteps.ts); a step
 *   done emits `journey.stepDone` naming the next. Confirming uses `confirmAuth` while a customer is signed in
 *   (`customerSub`), `confirm` for a guest (SPEC §6).
 * - `sync`: every change sends the whole order (`updateOrder`); `failed` is tagged `needsFix` (SPEC: a failed
 *   order update goes to /fix-issue); RETRY sends it again. A refused voucher leaves the order instead.
 * - `deliveryCheck`: the postcode check of the delivery step.
 * - `rebuild`: "order again" (`rebuildOrder`); its answer replaces the basket, a failure leaves it as it was.
 * Tags: `busy` while a call is in flight; `needsFix` while a failed update or confirmation waits on /fix-issue;
 * `rebuilding` while an order is being rebuilt.
 */
export const basketMachine = setup({
  types: {
    context: {} as BasketContext,
    events: {} as BasketEvent,
    input: {} as BasketInput,
    tags: {} as 'busy' | 'needsFix' | 'rebuilding',
    emitted: {} as StepDoneEvent,
  },
  actors: {
    createBasket: fromPromise<CreatedBasket>(notProvided('createBasket')),
    updateOrder: fromPromise<PricedOrder, OrderUpdate>(notProvided('updateOrder')),
    checkDelivery: fromPromise<DeliveryCheck, { postcode: string }>(notProvided('checkDelivery')),
    confirmOrder: fromPromise<ConfirmedOrder, ConfirmInput>(notProvided('confirmOrder')),
    rebuildOrder: fromPromise<RebuiltOrder, RebuildInput>(notProvided('rebuildOrder')),
  },
  guards: {
    linesEditable: inJourney(...EDITABLE_STATES),
    specialRequestFits: ({ event }) => event.type === 'SET_SPECIAL_REQUEST' && event.text.length <= MAX_SPECIAL_REQUEST_LENGTH,
    lineToAddIsValid: ({ event }) => event.type === 'ADD_ITEM' && Number.isInteger(event.line.quantity) && event.line.quantity >= 1,
    lineExists: ({ context, event }) => 'index' in event && Number.isInteger(event.index) && context.lines[event.index] !== undefined,
    lineBelowMaximum: ({ context, event }) => 'index' in event && (context.lines[event.index]?.quantity ?? MAX_LINE_QUANTITY) < MAX_LINE_QUANTITY,
    cancelEmptiesBasket: ({ context, event }) =>
      event.type === 'CANCEL_LINE' && context.lines.length === 1 && context.lines[event.index]?.quantity === 1,
    orderTypeChanges: ({ context, event }) => event.type === 'CHOOSE_ORDER_TYPE' && event.orderType !== context.orderType,
    basketReviewed: stepDone('basket'),
    canConfirmBasket: ({ context }) => context.lines.length > 0 && context.orderType !== OrderType.NotSet,
    deliveryInvalid: ({ event }) => event.type === 'SUBMIT_DELIVERY' && hasErrors(validateDeliveryAddress(event)),
    deliveryUnchanged: ({ context, event }) => event.type === 'basket.deliveryChecked' && sameDelivery(context.delivery, event.delivery),
    contactInvalid: ({ event }) => event.type === 'SUBMIT_CONTACT' && hasErrors(validateContact(event)),
    contactUnchanged: ({ context, event }) => event.type === 'SUBMIT_CONTACT' && sameContact(context.contact, tidyContact(event)),
    timeInvalid: ({ event }) => event.type === 'SUBMIT_TIME' && !event.asap && !isDateTime(event.requestedTime),
    timeUnchanged: ({ context, event }) => event.type === 'SUBMIT_TIME' && sameTime(context.time, orderTimeOf(event)),
    notesTooLong: ({ event }) => event.type === 'SET_NOTES' && event.notes.length > MAX_NOTES_LENGTH,
    // The same version can still mark a dish or an option sold out today (no new version for that).
    menuChangesNothing: ({ context, event }) =>
      event.type === 'MENU_CHANGED' && event.menu.menuVersion === context.menuVersion && revalidateLines(context.lines, event.menu).removedItems.length === 0,
    menuRemovesNothing: ({ context, event }) =>
      event.type === 'MENU_CHANGED' && revalidateLines(context.lines, event.menu).removedItems.length === 0,
    menuRemovesEverything: ({ context, event }) =>
      event.type === 'MENU_CHANGED' && revalidateLines(context.lines, event.menu).lines.length === 0,
    hasPendingLines: ({ context }) => context.pendingLines.length > 0,
    saveQueued: ({ context }) => context.saveQueued,
    everythingSaved: and([stateIn({ sync: 'idle' }), stateIn({ deliveryCheck: 'idle' }), stateIn({ rebuild: 'idle' })]),
    confirming: stateIn({ journey: 'confirming' }),
    sameCustomer: ({ context, event }) => event.type === 'CUSTOMER_CHANGED' && event.sub === context.customerSub,
    customerKnown: ({ context }) => context.customerSub !== undefined,
    voucherHeld: ({ event }) => event.type === 'ADD_VOUCHER' && isHeld(event.voucher, event.held),
    voucherNotApplied: ({ context, event }) => event.type === 'ADD_VOUCHER' && !isApplied(event.voucher.voucherId, context.voucherItems),
    // The server's own rule (src/domain/voucherDays.ts), so that the basket never offers what the server would refuse.
    voucherUsableToday: ({ event }) => event.type === 'ADD_VOUCHER' && voucherDayRefusal(event.voucher, event.dayOfWeek) === undefined,
    roomForVoucher: ({ context }) => context.voucherItems.length < MAX_VOUCHERS_PER_ORDER,
    voucherAtPosition: ({ context, event }) =>
      event.type === 'REMOVE_VOUCHER' && Number.isInteger(event.index) && context.voucherItems[event.index]?.voucherId === event.voucherId,
    orderIdSet: ({ event }) => event.type === 'REBUILD_ORDER' && typeof event.orderId === 'string' && event.orderId.trim() !== '',
    meetsMinimum: ({ context, event }) => event.type === 'CONFIRM_BASKET' && basketRefusal(context, event.minimums) === undefined,
    chosenPaymentOffered: ({ context, event }) =>
      event.type === 'OFFER_PAYMENT_TYPES' && (event.paymentTypes as readonly number[]).includes(context.paymentType),
    paymentTypeOffered: ({ event }) => event.type === 'OFFER_PAYMENT_TYPES' && event.paymentTypes.length > 0,
    updateInFlight: stateIn({ sync: 'saving' }),
    paysOnline: ({ context }) => context.paymentType === PaymentType.InternetOrder,
    confirmQueued: ({ context }) => context.confirmQueued,
    // Nothing is paid or placed at a price, or without a dish, the customer has not been told of (issue 30).
    changesAcknowledged: ({ context }) => context.removedItems.length === 0 && (context.repricedItems ?? []).length === 0,
  },
  actions: {
    requestSave: raise({ type: 'basket.save' }),
    choosePayment: assign(({ context, event }) =>
      event.type === 'CHOOSE_PAYMENT'
        ? { paymentType: event.paymentType, onlineFunding: event.onlineFunding ?? context.onlineFunding }
        : {},
    ),
    goOnFrom: emit(({ context }, params: { step: JourneyStepId }) => ({
      type: 'journey.stepDone' as const,
      step: params.step,
      next: stepAfter(journeyStep(params.step), { orderType: context.orderType, paymentType: context.paymentType }),
    })),
  },
}).createMachine({
  id: 'basket',
  type: 'parallel',
  context: ({ input }) =>
    freshContext(input.menuVersion ?? DEFAULT_MENU_VERSION, { ...DEFAULT_CLIENT, ...input.client }),
  on: {
    // SPEC §4: clearing the order resets everything (a confirmation in flight is not abandoned half way).
    // Who is signed in is not part of the order: the customer stays, and their details are filled in again.
    CLEAR: {
      guard: not('confirming'),
      target: ['.journey.empty', '.sync.idle', '.deliveryCheck.idle', '.rebuild.idle'],
      actions: assign(({ context }) => ({ ...NO_ORDER, ...freshContext(context.menuVersion, context.client), drafts: draftsForNewOrder(context) })),
    },
    DISMISS_REMOVED_ITEMS: { actions: assign({ removedItems: [], repricedItems: [] }) },
    // SPEC §4: a guest has no vouchers, and another customer's are not theirs; the server prices the basket again
    // for the new caller (the API client sends the signed-in customer's token with the update).
    CUSTOMER_CHANGED: [
      { guard: 'sameCustomer' },
      {
        guard: 'linesEditable',
        actions: [assign(({ context, event }) => customerChanged(context, event.sub)), 'requestSave'],
      },
      { actions: assign(({ context, event }) => customerChanged(context, event.sub)) },
    ],
    PREFILL_CONTACT: {
      actions: assign(({ context, event }) => {
        const details = contactOf(event);
        return { customerDetails: details, drafts: { ...context.drafts, contact: fillBlankContact(context.drafts.contact ?? context.contact, details) } };
      }),
    },
    PREFILL_DELIVERY: { actions: assign({ drafts: ({ context, event }) => ({ ...context.drafts, delivery: addressOf(event.address) }) }) },
    ADD_VOUCHER: {
      guard: and(['linesEditable', 'customerKnown', 'voucherHeld', 'voucherNotApplied', 'voucherUsableToday', 'roomForVoucher']),
      actions: [
        assign(({ context, event }) => ({
          voucherItems: [...context.voucherItems, voucherItemOf(event.voucher)],
          fieldErrors: withoutFields(context.fieldErrors, ['voucher']),
        })),
        'requestSave',
      ],
    },
    REMOVE_VOUCHER: {
      guard: and(['linesEditable', 'voucherAtPosition']),
      actions: [
        assign(({ context, event }) => ({
          voucherItems: context.voucherItems.filter((_, position) => position !== event.index),
          fieldErrors: withoutFields(context.fieldErrors, ['voucher']),
        })),
        'requestSave',
      ],
    },
  },
  states: {
    journey: {
      initial: 'empty',
      // Changes allowed at several statuses live here, so that what each change does to the status is in one place:
      // changing the lines or the order type drops the status back to Items (docs/order-journey.md).
      on: {
        ADD_ITEM: {
          guard: and(['linesEditable', 'lineToAddIsValid']),
          target: '.items',
          actions: [assign({ lines: ({ context, event }) => mergeLine(context.lines, event.line) }), 'requestSave'],
        },
        INCREASE_LINE: {
          guard: and(['linesEditable', 'lineExists', 'lineBelowMaximum']),
          target: '.items',
          actions: [assign({ lines: ({ context, event }) => increaseLine(context.lines, event.index) }), 'requestSave'],
        },
        CANCEL_LINE: [
          {
            guard: and(['linesEditable', 'cancelEmptiesBasket']),
            target: '.created',
            actions: [assign({ lines: [] }), 'requestSave'],
          },
          {
            guard: and(['linesEditable', 'lineExists']),
            target: '.items',
            actions: [assign({ lines: ({ context, event }) => cancelLine(context.lines, event.index) }), 'requestSave'],
          },
        ],
        SET_SPECIAL_REQUEST: {
          guard: and(['linesEditable', 'lineExists', 'specialRequestFits']),
          actions: [assign({ lines: ({ context, event }) => setSpecialRequest(context.lines, event.index, event.text) }), 'requestSave'],
        },
        CHOOSE_ORDER_TYPE: [
          {
            guard: and(['basketReviewed', 'orderTypeChanges']),
            target: '.items',
            actions: [assign({ orderType: ({ event }) => event.orderType }), 'requestSave'],
          },
          {
            guard: and(['linesEditable', 'orderTypeChanges']),
            actions: [assign({ orderType: ({ event }) => event.orderType }), 'requestSave'],
          },
        ],
        CONFIRM_BASKET: [
          {
            guard: and([stepOpen('basket'), not(stepDone('basket')), 'canConfirmBasket', 'meetsMinimum']),
            target: '.basket',
            actions: { type: 'goOnFrom', params: { step: 'basket' } },
          },
          // Back on the basket step later: it stays done, and the customer goes on again (unless now below the minimum).
          { guard: and([stepDone('basket'), 'meetsMinimum']), actions: { type: 'goOnFrom', params: { step: 'basket' } } },
        ],
        SUBMIT_DELIVERY: [
          {
            guard: and([stepOpen('delivery'), 'deliveryInvalid']),
            actions: assign(({ context, event }) => ({
              fieldErrors: { ...withoutFields(context.fieldErrors, DELIVERY_FIELDS), ...validateDeliveryAddress(event) },
              drafts: { ...context.drafts, delivery: addressOf(event) },
            })),
          },
          {
            guard: stepOpen('delivery'),
            actions: [
              assign(({ context, event }) => ({
                fieldErrors: withoutFields(context.fieldErrors, DELIVERY_FIELDS),
                drafts: { ...context.drafts, delivery: addressOf(event) },
              })),
              raise({ type: 'basket.checkDelivery' }),
            ],
          },
        ],
        'basket.deliveryChecked': [
          // The same address again: nothing that a later step depended on has changed.
          {
            guard: and([stepDone('delivery'), 'deliveryUnchanged']),
            actions: { type: 'goOnFrom', params: { step: 'delivery' } },
          },
          {
            guard: stepOpen('delivery'),
            target: '.delivery',
            actions: [assign({ delivery: ({ event }) => event.delivery }), 'requestSave', { type: 'goOnFrom', params: { step: 'delivery' } }],
          },
        ],
        SUBMIT_CONTACT: [
          {
            guard: and([stepOpen('contact'), 'contactInvalid']),
            actions: assign(({ context, event }) => ({
              fieldErrors: { ...withoutFields(context.fieldErrors, CONTACT_FIELDS), ...validateContact(event) },
              drafts: { ...context.drafts, contact: contactOf(event) },
            })),
          },
          {
            guard: and([stepDone('contact'), 'contactUnchanged']),
            actions: [
              assign(({ context, event }) => ({
                fieldErrors: withoutFields(context.fieldErrors, CONTACT_FIELDS),
                drafts: { ...context.drafts, contact: contactOf(event) },
              })),
              { type: 'goOnFrom', params: { step: 'contact' } },
            ],
          },
          {
            guard: stepDone('contact'),
            actions: [assign(({ context, event }) => acceptedContact(context, event)), 'requestSave', { type: 'goOnFrom', params: { step: 'contact' } }],
          },
          {
            guard: stepOpen('contact'),
            target: '.contact',
            actions: [assign(({ context, event }) => acceptedContact(context, event)), 'requestSave', { type: 'goOnFrom', params: { step: 'contact' } }],
          },
        ],
        SUBMIT_TIME: [
          {
            guard: and([stepOpen('orderTime'), 'timeInvalid']),
            actions: assign({ fieldErrors: ({ context }) => ({ ...context.fieldErrors, requestedTime: timeMessages.requestedTimeMissing }) }),
          },
          {
            guard: and([stepDone('orderTime'), 'timeUnchanged']),
            actions: [
              assign({ fieldErrors: ({ context }) => withoutFields(context.fieldErrors, ['requestedTime']) }),
              { type: 'goOnFrom', params: { step: 'orderTime' } },
            ],
          },
          {
            guard: stepDone('orderTime'),
            actions: [
              assign(({ context, event }) => ({ time: orderTimeOf(event), fieldErrors: withoutFields(context.fieldErrors, ['requestedTime']) })),
              'requestSave',
              { type: 'goOnFrom', params: { step: 'orderTime' } },
            ],
          },
          {
            guard: stepOpen('orderTime'),
            target: '.time',
            actions: [
              assign(({ context, event }) => ({ time: orderTimeOf(event), fieldErrors: withoutFields(context.fieldErrors, ['requestedTime']) })),
              'requestSave',
              { type: 'goOnFrom', params: { step: 'orderTime' } },
            ],
          },
        ],
        CHOOSE_PAYMENT: [
          {
            guard: stepDone('checkout'),
            actions: ['choosePayment', 'requestSave'],
          },
          {
            guard: stepOpen('checkout'),
            target: '.checkout',
            actions: ['choosePayment', 'requestSave'],
          },
        ],
        OFFER_PAYMENT_TYPES: [
          // Chosen before the order last went back a step: the basket is ready to confirm with it again (Checkout 6).
          {
            guard: and([not(stepDone('checkout')), 'chosenPaymentOffered']),
            actions: raise(({ context }) => ({ type: 'CHOOSE_PAYMENT' as const, paymentType: context.paymentType as 1 | 2 })),
          },
          {
            guard: and([not('chosenPaymentOffered'), 'paymentTypeOffered']),
            actions: raise(({ event }) => ({ type: 'CHOOSE_PAYMENT' as const, paymentType: event.paymentTypes[0]! })),
          },
        ],
        SET_NOTES: [
          {
            guard: and(['linesEditable', 'notesTooLong']),
            actions: assign({ fieldErrors: ({ context }) => ({ ...context.fieldErrors, notes: notesMessages.notesTooLong }) }),
          },
          {
            guard: 'linesEditable',
            actions: [
              assign(({ context, event }) => ({ notes: event.notes, fieldErrors: withoutFields(context.fieldErrors, ['notes']) })),
              'requestSave',
            ],
          },
        ],
        MENU_CHANGED: [
          { guard: 'menuChangesNothing' },
          {
            guard: and(['linesEditable', 'menuRemovesNothing']),
            actions: [
              assign(({ event, context }) => {
                const { lines, repricedItems } = revalidateLines(context.lines, event.menu);
                return { menuVersion: event.menu.menuVersion, lines, repricedItems };
              }),
              'requestSave',
            ],
          },
          {
            guard: and(['linesEditable', 'menuRemovesEverything']),
            target: '.created',
            actions: [
              assign(({ event, context }) => ({
                menuVersion: event.menu.menuVersion,
                lines: [],
                removedItems: revalidateLines(context.lines, event.menu).removedItems,
              })),
              'requestSave',
            ],
          },
          {
            guard: 'linesEditable',
            target: '.items',
            actions: [
              assign(({ event, context }) => ({ menuVersion: event.menu.menuVersion, ...revalidateLines(context.lines, event.menu) })),
              'requestSave',
            ],
          },
          {
            guard: inJourney('empty', 'creating'),
            actions: assign(({ event, context }) => {
              const { lines, removedItems, repricedItems } = revalidateLines(context.pendingLines, event.menu);
              return { menuVersion: event.menu.menuVersion, pendingLines: lines, removedItems, repricedItems };
            }),
          },
        ],
      },
      states: {
        empty: {
          on: {
            ADD_ITEM: {
              guard: 'lineToAddIsValid',
              target: 'creating',
              actions: assign({ pendingLines: ({ context, event }) => mergeLine(context.pendingLines, event.line) }),
            },
            RETRY: { guard: 'hasPendingLines', target: 'creating' },
          },
        },
        creating: {
          tags: ['busy'],
          on: {
            ADD_ITEM: {
              guard: 'lineToAddIsValid',
              actions: assign({ pendingLines: ({ context, event }) => mergeLine(context.pendingLines, event.line) }),
            },
          },
          invoke: {
            id: 'createBasket',
            src: 'createBasket',
            onDone: [
              {
                guard: 'hasPendingLines',
                target: 'items',
                actions: [
                  assign(({ context, event }) => ({
                    basketId: event.output.basketId,
                    orderBuilderRef: event.output.orderBuilderRef,
                    lines: context.pendingLines.reduce<BasketLine[]>((lines, pending) => mergeLine(lines, pending), context.lines),
                    pendingLines: [],
                    error: undefined,
                  })),
                  'requestSave',
                ],
              },
              // A menu change meanwhile removed every pending item: the basket exists, empty.
              {
                target: 'created',
                actions: assign(({ event }) => ({ basketId: event.output.basketId, orderBuilderRef: event.output.orderBuilderRef, error: undefined })),
              },
            ],
            // The items stay pending: RETRY (or adding another item) tries to create the basket again.
            onError: { target: 'empty', actions: assign({ error: ({ event }) => apiErrorOf(event.error) }) },
          },
        },
        created: {},
        items: {},
        basket: {},
        delivery: {},
        contact: {},
        time: {},
        checkout: {
          initial: 'ready',
          // A queued "Place order" belongs to this visit of the checkout.
          exit: assign({ confirmQueued: false }),
          on: {
            CONFIRM_ORDER: [
              // The screen shows what changed and asks for it to be acknowledged first.
              { guard: not('changesAcknowledged') },
              // Paid online, the order is confirmed by authorise-capture once paid: the payment step comes first.
              { guard: and(['paysOnline', 'everythingSaved']), actions: { type: 'goOnFrom', params: { step: 'checkout' } } },
              { guard: 'everythingSaved', target: 'confirming' },
              { guard: 'updateInFlight', actions: assign({ confirmQueued: true }) },
            ],
            'basket.saved': [
              // The saved answer changed a price: the customer sees it before pressing "Place order" again.
              { guard: and(['confirmQueued', not('changesAcknowledged')]), actions: assign({ confirmQueued: false }) },
              {
                guard: and(['confirmQueued', 'everythingSaved', 'paysOnline']),
                actions: [assign({ confirmQueued: false }), { type: 'goOnFrom', params: { step: 'checkout' } }],
              },
              { guard: and(['confirmQueued', 'everythingSaved']), target: 'confirming' },
            ],
            // authorise-capture confirmed the order paid online (the payment statechart).
            ORDER_PAID: {
              guard: 'paysOnline',
              target: 'confirmed',
              actions: [assign({ orderRef: ({ event }) => event.orderRef, error: undefined }), { type: 'goOnFrom', params: { step: 'payment' } }],
            },
          },
          states: {
            ready: {},
            confirmFailed: {
              tags: ['needsFix'],
              on: { RETRY: { guard: and(['everythingSaved', 'changesAcknowledged']), target: '#basket.journey.confirming' } },
            },
          },
        },
        confirming: {
          tags: ['busy'],
          invoke: {
            id: 'confirmOrder',
            src: 'confirmOrder',
            input: ({ context }): ConfirmInput => {
              if (context.basketId === undefined) throw new Error('Confirming needs a basket');
              return { basketId: context.basketId, authenticated: context.customerSub !== undefined };
            },
            onDone: {
              target: 'confirmed',
              actions: [assign({ orderRef: ({ event }) => event.output.orderRef, error: undefined }), { type: 'goOnFrom', params: { step: 'checkout' } }],
            },
            // The basket is priced again, so that the customer sees the server's figures as they are now (a voucher
            // used meanwhile, a changed menu) and it is priced for whoever is signed in now: confirmAuth refuses a
            // basket last priced for a guest, and confirm one priced for a customer.
            onError: { target: 'checkout.confirmFailed', actions: [assign({ error: ({ event }) => apiErrorOf(event.error) }), 'requestSave'] },
          },
        },
        confirmed: {},
      },
    },
    sync: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'basket.save': 'saving' },
        },
        saving: {
          tags: ['busy'],
          entry: assign({ saveQueued: false }),
          on: { 'basket.save': { actions: assign({ saveQueued: true }) } },
          invoke: {
            id: 'updateOrder',
            src: 'updateOrder',
            input: ({ context }) => orderUpdateOf(context),
            onDone: [
              // The answer is for an order that has changed since: send the order as it is now instead.
              { guard: 'saveQueued', target: 'saving', reenter: true },
              // The refused confirmation's reason stays for /fix-issue until the customer tries again.
              {
                guard: stateIn({ journey: { checkout: 'confirmFailed' } }),
                target: 'idle',
                actions: [assign(({ context, event }) => pricedBy(context, event.output)), raise({ type: 'basket.saved' })],
              },
              {
                target: 'idle',
                actions: [assign(({ context, event }) => ({ ...pricedBy(context, event.output), error: undefined })), raise({ type: 'basket.saved' })],
              },
            ],
            onError: [
              // A voucher refused for an order that has changed since: the order as it is now decides.
              { guard: and([voucherRefused, 'saveQueued']), target: 'saving', reenter: true },
              // A voucher the customer no longer holds, or not valid today: it leaves the order with the server's
              // reason beside the vouchers, and the rest of the order is saved (not a case for /fix-issue).
              {
                guard: voucherRefused,
                target: 'saving',
                reenter: true,
                actions: assign(({ context, event }) => {
                  const { voucherItems, message } = withoutRefusedVouchers(context.voucherItems, apiErrorOf(event.error));
                  return { voucherItems, fieldErrors: { ...context.fieldErrors, voucher: message } };
                }),
              },
              // What the customer entered stays; /fix-issue offers RETRY (and "Place order" is pressed again after it).
              { target: 'failed', actions: assign({ error: ({ event }) => apiErrorOf(event.error), confirmQueued: false }) },
            ],
          },
        },
        failed: {
          tags: ['needsFix'],
          on: { 'basket.save': 'saving', RETRY: 'saving' },
        },
      },
    },
    deliveryCheck: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'basket.checkDelivery': 'checking' },
        },
        checking: {
          tags: ['busy'],
          on: { 'basket.checkDelivery': { target: 'checking', reenter: true } },
          invoke: {
            id: 'checkDelivery',
            src: 'checkDelivery',
            input: ({ context }) => {
              if (context.drafts.delivery === undefined) throw new Error('A delivery check needs an address');
              return { postcode: tidyDeliveryAddress(context.drafts.delivery).postcode };
            },
            onDone: [
              // The contract: a well-formed postcode outside every zone answers `validPostCode` false and `zone` null.
              {
                guard: ({ event }) => !event.output.validPostCode || event.output.zone === null,
                target: 'idle',
                actions: assign(({ context }) => ({
                  fieldErrors: { ...context.fieldErrors, postcode: deliveryMessages.outOfZone(tidyDeliveryAddress(context.drafts.delivery!).postcode) },
                  error: undefined,
                })),
              },
              {
                target: 'idle',
                actions: [
                  assign({ error: undefined }),
                  raise(({ context, event }) => ({
                    type: 'basket.deliveryChecked' as const,
                    delivery: {
                      ...tidyDeliveryAddress(context.drafts.delivery!),
                      deliveryZoneId: event.output.zone!,
                      deliveryCharge: event.output.deliveryCharge,
                      ...(event.output.minimumOrderValue === undefined ? {} : { minimumOrderValue: event.output.minimumOrderValue }),
                    },
                  })),
                ],
              },
            ],
            onError: [
              {
                guard: ({ event }) => apiErrorOf(event.error).validationErrors.some((failure) => failure.field === 'postcode'),
                target: 'idle',
                actions: assign({ fieldErrors: ({ context }) => ({ ...context.fieldErrors, postcode: deliveryMessages.postcodeInvalid }) }),
              },
              { target: 'idle', actions: assign({ error: ({ event }) => apiErrorOf(event.error) }) },
            ],
          },
        },
      },
    },
    // "Order again" (SPEC §2, §5): a new basket on the server with a previous order's items replaces this one.
    rebuild: {
      initial: 'idle',
      states: {
        idle: {
          on: { REBUILD_ORDER: { guard: and(['orderIdSet', not('confirming')]), target: 'rebuilding' } },
        },
        rebuilding: {
          tags: ['busy', 'rebuilding'],
          entry: assign({ error: undefined }),
          invoke: {
            id: 'rebuildOrder',
            src: 'rebuildOrder',
            input: ({ event }) => {
              if (event.type !== 'REBUILD_ORDER') throw new Error('Rebuilding needs an order id');
              return { orderId: event.orderId.trim(), from: event.from };
            },
            onDone: [
              {
                guard: ({ event }) => event.output.items.length === 0,
                target: ['#basket.journey.created', '#basket.sync.idle', '#basket.deliveryCheck.idle', 'idle'],
                actions: [assign(({ context, event }) => rebuiltContext(context, event.output)), 'requestSave'],
              },
              {
                target: ['#basket.journey.items', '#basket.sync.idle', '#basket.deliveryCheck.idle', 'idle'],
                actions: [assign(({ context, event }) => rebuiltContext(context, event.output)), 'requestSave'],
              },
            ],
            // The basket as it was stays; the screen that asked says why.
            onError: { target: 'idle', actions: assign({ error: ({ event }) => apiErrorOf(event.error) }) },
          },
        },
      },
    },
  },
});

export type BasketSnapshot = SnapshotFrom<typeof basketMachine>;

function journeyStateOf(snapshot: BasketSnapshot): string {
  const journey = (snapshot.value as { journey: string | Record<string, unknown> }).journey;
  return typeof journey === 'string' ? journey : Object.keys(journey)[0]!;
}

/** SPEC §4 basket status (0..8) of the basket as it stands. */
export function basketStatusOf(snapshot: BasketSnapshot): number {
  return STATUS_OF_JOURNEY_STATE[journeyStateOf(snapshot)] ?? BasketStatus.Created;
}

export { CONFIRMATION_PATH, JOURNEY_STEPS, type JourneyDestination, type JourneyPath, type JourneyStep } from './journeySteps';

function journeyOrderOf(snapshot: BasketSnapshot): JourneyOrder {
  return { orderType: snapshot.context.orderType, paymentType: snapshot.context.paymentType };
}

/** The first step still to do: `/order` with no lines … the order's last step until confirmed; CONFIRMATION_PATH once confirmed. */
export function firstIncompleteStep(snapshot: BasketSnapshot): JourneyDestination {
  return firstIncompleteStepAt(basketStatusOf(snapshot), journeyOrderOf(snapshot));
}

/** Where a route guard must send the customer who opens `path`, or undefined to let them in (journeySteps.ts). */
export function redirectForStep(snapshot: BasketSnapshot, path: string): JourneyDestination | undefined {
  return redirectForPath(path, basketStatusOf(snapshot), journeyOrderOf(snapshot));
}

/** Where /fix-issue's "Back to …" goes, and how it names it. */
export function fixIssueReturnOf(snapshot: BasketSnapshot): { path: JourneyDestination; name: string } {
  return fixIssueReturn(basketStatusOf(snapshot), journeyOrderOf(snapshot));
}

/**
 * Whether CONFIRM_ORDER would confirm at once: at checkout, with everything saved and nothing in flight. (Sent while
 * an update is in flight, it is queued until that update is saved.)
 */
export function canConfirm(snapshot: BasketSnapshot): boolean {
  return snapshot.matches({ journey: 'checkout' }) && snapshot.matches({ sync: 'idle' }) && !snapshot.hasTag('busy') && !hasChangesToAcknowledge(snapshot);
}

/**
 * The delivery charge as the customer may be told it: none for a collection order; "depends on your postcode" until
 * the address is checked against the zones (the server's figure is then the takeaway's standard charge, a guess); the
 * zone's charge for that postcode once it is.
 */
export type DeliveryChargeShown = { kind: 'none' } | { kind: 'byPostcode' } | { kind: 'zone'; postcode: string; charge: number };

export function deliveryChargeShown(context: Pick<BasketContext, 'orderType' | 'delivery' | 'totals'>): DeliveryChargeShown {
  if (context.orderType !== OrderType.Delivery) return { kind: 'none' };
  if (context.delivery === undefined) return { kind: 'byPostcode' };
  return { kind: 'zone', postcode: context.delivery.postcode, charge: context.totals?.deliveryCharge ?? context.delivery.deliveryCharge };
}

/**
 * Whether the menu changed the order since the customer last looked (a dish removed, a price changed): told line by
 * line, and acknowledged (DISMISS_REMOVED_ITEMS) before the order can be placed or paid.
 */
export function hasChangesToAcknowledge(snapshot: BasketSnapshot): boolean {
  return snapshot.context.removedItems.length > 0 || (snapshot.context.repricedItems ?? []).length > 0;
}

/** SPEC §8: a failed order update or confirmation goes to /fix-issue. */
export function needsFix(snapshot: BasketSnapshot): boolean {
  return snapshot.hasTag('needsFix');
}

/** "Order again" is under way (REBUILD_ORDER); once it is not, `context.error` says whether it failed. */
export function isRebuilding(snapshot: BasketSnapshot): boolean {
  return snapshot.hasTag('rebuilding');
}
