import { and, assign, emit, fromPromise, or, raise, setup, stateIn } from 'xstate';
import { MAX_NOTES_LENGTH, hasErrors, isDateTime, tidyContact, validateContact, validateDeliveryAddress } from './basketForms';
import { MAX_LINE_QUANTITY, MAX_SPECIAL_REQUEST_LENGTH, revalidateLines } from './basketLines';
import { MAX_VOUCHERS_PER_ORDER, isApplied, isHeld, voucherDayOffer } from './basketVouchers';
import { BasketStatus, OrderType, type OrderTypeValue, PaymentType } from '../../src/domain/orderEnums';
import { JOURNEY_STEPS, type JourneyOrder, type JourneyStepId, goesThrough, journeyStep, neededStatus } from './journeySteps';
import { basketRefusal } from './basketMinimums';
import {
  type BasketContext,
  type BasketEvent,
  type BasketInput,
  type ConfirmInput,
  type ConfirmedOrder,
  type CreatedBasket,
  type DeliveryCheck,
  type OrderUpdate,
  type PricedOrder,
  type RebuildInput,
  type RebuiltOrder,
  type StepDoneEvent,
  notProvided,
} from './basketTypes';
import { orderTimeOf, sameContact, sameDelivery, sameTime } from './basketOrder';

/** SPEC §4: the basket status each state of the journey stands for; the steps' states come from the step table. */
export const STATUS_OF_JOURNEY_STATE: Readonly<Record<string, number>> = {
  empty: BasketStatus.Created,
  creating: BasketStatus.Created,
  created: BasketStatus.Created,
  ...Object.fromEntries(JOURNEY_STEPS.flatMap((step) => (step.journeyState === undefined ? [] : [[step.journeyState, step.status]]))),
  confirming: BasketStatus.Checkout,
  confirmed: BasketStatus.Confirmed,
};

/** The journey's states that hold an editable basket (a basket exists, the order is not confirmed or confirming). */
const EDITABLE_STATES = ['created', ...JOURNEY_STEPS.flatMap((step) => (step.journeyState === undefined ? [] : [step.journeyState]))];
export const inJourney = (...states: readonly string[]) => or(states.map((state) => stateIn({ journey: state })));

/** Guard: the basket can still change and its status is at least `status`. */
const reached = (status: number) => inJourney(...EDITABLE_STATES.filter((state) => STATUS_OF_JOURNEY_STATE[state]! >= status));

const ORDER_TYPES = Object.values(OrderType);
/** The step table asks about payment only for the payment step, which the statechart does not enter (yet). */
const journeyOrderOfType = (orderType: OrderTypeValue): JourneyOrder => ({ orderType, paymentType: PaymentType.NotSet });

/** Guard: the order goes through the step and the basket has reached the status it needs (it may be entered again). */
export const stepOpen = (id: JourneyStepId) =>
  or(
    ORDER_TYPES.filter((orderType) => goesThrough(journeyStep(id), journeyOrderOfType(orderType))).map((orderType) =>
      and([({ context }) => (context as BasketContext).orderType === orderType, reached(neededStatus(journeyStep(id), journeyOrderOfType(orderType)))]),
    ),
  );

/** Guard: the order goes through the step and has done it (a change there is a change to a step already done). */
export const stepDone = (id: JourneyStepId) =>
  and([({ context }) => goesThrough(journeyStep(id), journeyOrderOfType((context as BasketContext).orderType)), reached(journeyStep(id).status)]);

/** The basket statechart's actors, guards and actions; its regions are built on it (basketJourney.ts, basketRegions.ts). */
export const basketSetup = setup({
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
    cancelEmptiesBasket: ({ context, event }) => event.type === 'CANCEL_LINE' && context.lines.length === 1 && context.lines[event.index]?.quantity === 1,
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
    menuRemovesNothing: ({ context, event }) => event.type === 'MENU_CHANGED' && revalidateLines(context.lines, event.menu).removedItems.length === 0,
    menuRemovesEverything: ({ context, event }) => event.type === 'MENU_CHANGED' && revalidateLines(context.lines, event.menu).lines.length === 0,
    hasPendingLines: ({ context }) => context.pendingLines.length > 0,
    saveQueued: ({ context }) => context.saveQueued,
    everythingSaved: and([stateIn({ sync: 'idle' }), stateIn({ deliveryCheck: 'idle' }), stateIn({ rebuild: 'idle' })]),
    confirming: stateIn({ journey: 'confirming' }),
    sameCustomer: ({ context, event }) => event.type === 'CUSTOMER_CHANGED' && event.sub === context.customerSub,
    customerKnown: ({ context }) => context.customerSub !== undefined,
    voucherHeld: ({ event }) => event.type === 'ADD_VOUCHER' && isHeld(event.voucher, event.held),
    voucherNotApplied: ({ context, event }) => event.type === 'ADD_VOUCHER' && !isApplied(event.voucher.voucherId, context.voucherItems),
    // The server's own rule (src/domain/voucherDays.ts), so that the basket never offers what the server would refuse.
    voucherUsableToday: ({ event }) => event.type === 'ADD_VOUCHER' && voucherDayOffer(event.voucher, event.dayOfWeek).usableToday,
    roomForVoucher: ({ context }) => context.voucherItems.length < MAX_VOUCHERS_PER_ORDER,
    voucherAtPosition: ({ context, event }) =>
      event.type === 'REMOVE_VOUCHER' && Number.isInteger(event.index) && context.voucherItems[event.index]?.voucherId === event.voucherId,
    orderIdSet: ({ event }) => event.type === 'REBUILD_ORDER' && typeof event.orderId === 'string' && event.orderId.trim() !== '',
    meetsMinimum: ({ context }) => context.minimums !== undefined && basketRefusal(context, context.minimums) === undefined,
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
      event.type === 'CHOOSE_PAYMENT' ? { paymentType: event.paymentType, onlineFunding: event.onlineFunding ?? context.onlineFunding } : {},
    ),
    goOnFrom: emit((_, params: { step: JourneyStepId }) => ({ type: 'journey.stepDone' as const, step: params.step })),
  },
});
