import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { apiErrorOf } from '../../src/domain/apiErrors';
import type { components } from '../../src/api/schema.gen';
import { OrderType } from '../../src/domain/orderEnums';
import { notProvided } from './kitchenBoardMachine';

// A phone order staff take at the kitchen dashboard (docs/phone-orders.md): the draft as it is typed, the time slots of
// its order type, the delivery zone of its postcode, and placing it. The server prices, checks and accepts it; this
// machine keeps what staff typed through a refusal and puts each failure at its field.

export type PhoneOrder = components['schemas']['PhoneOrder'];
type KitchenTicket = components['schemas']['KitchenTicket'];
type TimeSlots = components['schemas']['TimeSlots'];
type DeliveryChargeDetails = components['schemas']['DeliveryChargeDetails'];
type ValidationFailure = components['schemas']['ValidationFailure'];

/** A dish on the order, as the search found it (prices are the menu's, for staff to read out; the server prices it). */
export interface PhoneOrderLine {
  categoryId: number;
  itemId: number;
  configId?: number;
  title: string;
  configOption?: string;
  /** The dish with its option, for one, in pence. */
  pricePence: number;
  quantity: number;
}

export type TextField = 'name' | 'phone' | 'email' | 'address1' | 'address2' | 'town' | 'postcode' | 'notes';
export type OrderTypeChoice = typeof OrderType.Collection | typeof OrderType.Delivery;

export interface PhoneOrderDraft extends Record<TextField, string> {
  orderType: OrderTypeChoice;
  lines: PhoneOrderLine[];
  asap: boolean;
  requestedTime: string | null;
  paymentMethod: PhoneOrder['paymentMethod'];
}

export interface PhoneOrderContext {
  draft: PhoneOrderDraft;
  slots: TimeSlots | undefined;
  /** The zone check of the postcode typed, once answered. */
  zone: { postcode: string; details: DeliveryChargeDetails } | undefined;
  failures: ValidationFailure[];
  errorMessage: string | undefined;
  placed: KitchenTicket | undefined;
  /**
   * The key of the order being taken (docs/phone-orders.md, "Placing it again"), sent with every attempt to place it,
   * so that an attempt whose answer was lost and is made again places it once. A new one once it is placed.
   */
  orderKey: string;
}

export type PhoneOrderEvent =
  | { type: 'SET_ORDER_TYPE'; orderType: OrderTypeChoice }
  | { type: 'EDIT'; field: TextField; value: string }
  | { type: 'CHECK_POSTCODE' }
  | { type: 'ADD_LINE'; line: Omit<PhoneOrderLine, 'quantity'> }
  | { type: 'SET_QUANTITY'; index: number; quantity: number }
  | { type: 'REMOVE_LINE'; index: number }
  | { type: 'SET_TIME'; requestedTime: string | null }
  | { type: 'SET_PAYMENT'; paymentMethod: PhoneOrder['paymentMethod'] }
  | { type: 'SUBMIT' }
  | { type: 'NEW_ORDER' };

export const NO_DISHES_MESSAGE = 'Add at least one dish';
export const NO_ANSWER_MESSAGE = 'Connection lost: the order may have gone through. Placing it again will not place it twice.';
/** After the server's words naming the order already placed with this form's key, which is then spent. */
export const KEY_SPENT_ADVICE = 'Placing this again now places it as another order.';
const MAXIMUM_QUANTITY = 99;

export const emptyDraft: PhoneOrderDraft = {
  orderType: OrderType.Collection,
  lines: [],
  name: '',
  phone: '',
  email: '',
  address1: '',
  address2: '',
  town: '',
  postcode: '',
  notes: '',
  asap: true,
  requestedTime: null,
  paymentMethod: 'cash',
};

/** A new order's key: 128 random bits in hex (getRandomValues, unlike randomUUID, works on a plain-http address too). */
export function newOrderKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The call's body: what the draft says, the address only for a delivery, and the order's key. */
export function phoneOrderBody(draft: PhoneOrderDraft, orderKey: string): PhoneOrder {
  const delivery = draft.orderType === OrderType.Delivery;
  return {
    idempotencyKey: orderKey,
    orderType: draft.orderType,
    orderItems: draft.lines.map(({ categoryId, itemId, configId, quantity }) => ({ categoryId, itemId, quantity, ...(configId === undefined ? {} : { configId }) })),
    name: draft.name,
    phone: draft.phone,
    ...(draft.email.trim() === '' ? {} : { email: draft.email }),
    paymentMethod: draft.paymentMethod,
    asapFlag: draft.asap,
    requestedTime: draft.asap ? null : draft.requestedTime,
    notes: draft.notes,
    deliveryAddress: delivery ? { address1: draft.address1, address2: draft.address2, town: draft.town, postcode: draft.postcode } : null,
  };
}

/** The failure shown at a field (the dishes' failures all show at the dish list). */
export function failureAt(context: Pick<PhoneOrderContext, 'failures'>, field: string): string | undefined {
  const matching = context.failures.filter((failure) => (field === 'orderItems' ? failure.field.startsWith('orderItems') : failure.field === field));
  return matching.length === 0 ? undefined : matching.map((failure) => failure.message).join(' ');
}

const withoutFailuresAt = (failures: ValidationFailure[], ...fields: string[]) =>
  failures.filter((failure) => !fields.some((field) => failure.field === field || failure.field.startsWith(`${field}.`) || failure.field.startsWith(`${field}[`)));

export const phoneOrderMachine = setup({
  types: {
    context: {} as PhoneOrderContext,
    events: {} as PhoneOrderEvent,
  },
  actors: {
    loadSlots: fromPromise<TimeSlots, { orderType: OrderTypeChoice }>(notProvided('loadSlots')),
    checkPostcode: fromPromise<DeliveryChargeDetails, { postcode: string }>(notProvided('checkPostcode')),
    placeOrder: fromPromise<KitchenTicket, PhoneOrder>(notProvided('placeOrder')),
  },
  guards: {
    hasDishes: ({ context }) => context.draft.lines.length > 0,
    paymentAllowed: ({ context, event }) =>
      event.type === 'SET_PAYMENT' && (event.paymentMethod === 'cash' || context.draft.orderType === OrderType.Collection),
    postcodeToCheck: ({ context }) =>
      context.draft.orderType === OrderType.Delivery && context.draft.postcode.trim() !== '' && context.zone?.postcode !== context.draft.postcode.trim(),
  },
  actions: {
    setOrderType: assign(({ context, event }) => {
      assertEvent(event, 'SET_ORDER_TYPE');
      // A card is taken on collection only, and the slots of one order type are not the other's.
      const paymentMethod = event.orderType === OrderType.Delivery ? 'cash' : context.draft.paymentMethod;
      return {
        draft: { ...context.draft, orderType: event.orderType, paymentMethod, asap: true, requestedTime: null },
        slots: undefined,
        failures: withoutFailuresAt(context.failures, 'requestedTime', 'deliveryAddress', 'paymentMethod'),
      };
    }),
    edit: assign(({ context, event }) => {
      assertEvent(event, 'EDIT');
      const addressField = ['address1', 'address2', 'town', 'postcode'].includes(event.field) ? [`deliveryAddress.${event.field}`, 'deliveryAddress'] : [];
      return { draft: { ...context.draft, [event.field]: event.value }, failures: withoutFailuresAt(context.failures, event.field, ...addressField) };
    }),
    addLine: assign(({ context, event }) => {
      assertEvent(event, 'ADD_LINE');
      const { line } = event;
      const index = context.draft.lines.findIndex((existing) => existing.itemId === line.itemId && existing.configId === line.configId);
      // The same dish again is one more of it, as the server merges it.
      const lines =
        index >= 0
          ? context.draft.lines.map((existing, at) => (at === index ? { ...existing, quantity: Math.min(existing.quantity + 1, MAXIMUM_QUANTITY) } : existing))
          : [...context.draft.lines, { ...line, quantity: 1 }];
      return { draft: { ...context.draft, lines }, failures: withoutFailuresAt(context.failures, 'orderItems') };
    }),
    setQuantity: assign(({ context, event }) => {
      assertEvent(event, 'SET_QUANTITY');
      const quantity = Math.max(1, Math.min(MAXIMUM_QUANTITY, Math.trunc(event.quantity) || 1));
      return { draft: { ...context.draft, lines: context.draft.lines.map((line, at) => (at === event.index ? { ...line, quantity } : line)) } };
    }),
    removeLine: assign(({ context, event }) => {
      assertEvent(event, 'REMOVE_LINE');
      return { draft: { ...context.draft, lines: context.draft.lines.filter((_, at) => at !== event.index) }, failures: withoutFailuresAt(context.failures, 'orderItems') };
    }),
    setTime: assign(({ context, event }) => {
      assertEvent(event, 'SET_TIME');
      return { draft: { ...context.draft, asap: event.requestedTime === null, requestedTime: event.requestedTime }, failures: withoutFailuresAt(context.failures, 'requestedTime') };
    }),
    setPayment: assign(({ context, event }) => {
      assertEvent(event, 'SET_PAYMENT');
      return { draft: { ...context.draft, paymentMethod: event.paymentMethod }, failures: withoutFailuresAt(context.failures, 'paymentMethod') };
    }),
    noDishes: assign({ failures: ({ context }) => [...withoutFailuresAt(context.failures, 'orderItems'), { field: 'orderItems', message: NO_DISHES_MESSAGE }] }),
  },
}).createMachine({
  id: 'phoneOrder',
  type: 'parallel',
  context: () => ({ draft: emptyDraft, slots: undefined, zone: undefined, failures: [], errorMessage: undefined, placed: undefined, orderKey: newOrderKey() }),
  states: {
    order: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            SET_ORDER_TYPE: { actions: 'setOrderType' },
            EDIT: { actions: 'edit' },
            ADD_LINE: { actions: 'addLine' },
            SET_QUANTITY: { actions: 'setQuantity' },
            REMOVE_LINE: { actions: 'removeLine' },
            SET_TIME: { actions: 'setTime' },
            // A card is taken on collection only.
            SET_PAYMENT: { guard: 'paymentAllowed', actions: 'setPayment' },
            SUBMIT: [{ guard: 'hasDishes', target: 'placing' }, { actions: 'noDishes' }],
          },
        },
        placing: {
          tags: ['busy'],
          entry: assign({ errorMessage: undefined }),
          invoke: {
            id: 'placeOrder',
            src: 'placeOrder',
            input: ({ context }) => phoneOrderBody(context.draft, context.orderKey),
            onDone: { target: 'placed', actions: assign({ placed: ({ event }) => event.output, failures: [] }) },
            onError: {
              target: 'editing',
              actions: assign(({ event }) => {
                const error = apiErrorOf(event.error);
                // Without an answer the order may have been placed: the same key places it again at most once.
                if (error.status === undefined) return { errorMessage: NO_ANSWER_MESSAGE, failures: [] };
                // The key placed an order as it was before staff changed it: that one stands, and the key is spent.
                if (error.status === 409) return { errorMessage: `${error.message ?? ''} ${KEY_SPENT_ADVICE}`.trim(), failures: [], orderKey: newOrderKey() };
                return { errorMessage: error.message ?? undefined, failures: error.validationErrors };
              }),
            },
          },
        },
        placed: {
          on: {
            NEW_ORDER: {
              target: 'editing',
              actions: assign(({ context }) => ({
                draft: { ...emptyDraft, orderType: context.draft.orderType },
                zone: undefined,
                failures: [],
                errorMessage: undefined,
                placed: undefined,
                orderKey: newOrderKey(),
              })),
            },
          },
        },
      },
    },
    slots: {
      initial: 'loading',
      on: { SET_ORDER_TYPE: { target: '.loading', reenter: true } },
      states: {
        loading: {
          invoke: {
            id: 'loadSlots',
            src: 'loadSlots',
            input: ({ context }) => ({ orderType: context.draft.orderType }),
            onDone: { target: 'ready', actions: assign({ slots: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        ready: {},
        failed: {},
      },
    },
    zone: {
      initial: 'idle',
      states: {
        idle: {
          on: { CHECK_POSTCODE: { guard: 'postcodeToCheck', target: 'checking' } },
        },
        checking: {
          invoke: {
            id: 'checkPostcode',
            src: 'checkPostcode',
            input: ({ context }) => ({ postcode: context.draft.postcode.trim() }),
            onDone: { target: 'idle', actions: assign({ zone: ({ context, event }) => ({ postcode: context.draft.postcode.trim(), details: event.output }) }) },
            // The server checks the postcode again when the order is placed; a failed check only says nothing yet.
            onError: 'idle',
          },
        },
      },
    },
  },
});

export type PhoneOrderSnapshot = SnapshotFrom<typeof phoneOrderMachine>;
