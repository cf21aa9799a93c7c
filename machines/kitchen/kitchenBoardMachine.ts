import { assertEvent, assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import type { ApiError } from '../../src/domain/apiErrors';
import type { components } from '../../src/api/schema.gen';
import { AcceptanceStatus, type KitchenStatusValue } from '../../src/domain/orderEnums';

export type KitchenTicket = components['schemas']['KitchenTicket'];

/** What `listKitchenOrders` answers, plus how far the server's clock is ahead of the device's (for countdowns). */
export interface KitchenOrderList {
  orders: KitchenTicket[];
  serverTime: string;
  acceptanceTimeoutSeconds: number;
  clockOffsetMs: number;
}

/** A member of staff's answer to one order; each is one kitchen call. */
export type KitchenCommand =
  | { type: 'ACCEPT'; orderRef: string }
  | { type: 'PROPOSE_TIME'; orderRef: string; updateTime: string }
  /** `unavailableLines`: the order's lines (0-based) the kitchen cannot make, named to the customer. */
  | { type: 'REFUSE'; orderRef: string; reason: string; unavailableLines: number[] }
  | { type: 'SET_STATUS'; orderRef: string; kitchenStatus: KitchenStatusValue };

export type KitchenBoardEvent =
  | KitchenCommand
  /** Raised by the board itself once an action settles: the list is read again at once. */
  | { type: 'REFRESH' };

export interface KitchenBoardContext {
  /** The last list read; kept through failed polls, undefined until the first one succeeds. */
  list: KitchenOrderList | undefined;
  /** Why the last poll failed; cleared by the next successful one. */
  pollError: ApiError | undefined;
  /** The action in flight (one at a time, so a double tap cannot answer an order twice). */
  pending: KitchenCommand | undefined;
  /** The server's refusal of the last action on an order, by orderRef, until that order's next action. */
  actionErrors: Readonly<Record<string, string>>;
}

/** 5 s: a new order reaches the kitchen within seconds, and a dropped connection is retried as often. */
export const POLL_INTERVAL_MS = 5_000;

export const notProvided = (name: string) => () => Promise.reject(new Error(`The ${name} actor was not provided`));

function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'validationErrors' in error && 'message' in error;
}

/** What staff read when an action fails: the server's own words where it gave them. */
export function actionErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === undefined) return 'Connection lost: the change may not have been made. Check the order and try again.';
    if (error.message) return error.message;
    if (error.validationErrors.length > 0) return error.validationErrors.map((failure) => failure.message).join(' ');
  }
  return 'The order could not be changed. Please try again.';
}

/** Orders waiting for the restaurant's answer: the alert rings for these. */
export function isNewOrder(ticket: KitchenTicket): boolean {
  return ticket.acceptanceStatus === AcceptanceStatus.Requested && !ticket.cancelled;
}

function withTicket(list: KitchenOrderList | undefined, ticket: KitchenTicket): KitchenOrderList | undefined {
  if (list === undefined) return undefined;
  return { ...list, orders: list.orders.map((order) => (order.orderRef === ticket.orderRef ? ticket : order)) };
}

function withoutError(errors: Readonly<Record<string, string>>, orderRef: string): Record<string, string> {
  const { [orderRef]: _answered, ...others } = errors;
  return others;
}

export type RefuseInput = { orderRef: string; reason: string; unavailableLines: number[] };

const commandTypes = ['ACCEPT', 'PROPOSE_TIME', 'REFUSE', 'SET_STATUS'] as const;

/**
 * The kitchen dashboard (docs/acceptance-and-kitchen.md): polls the orders every 5 seconds and right after every
 * action, keeps the last list through a dropped connection (tag `offline` until a poll succeeds), and sends
 * staff's answers one at a time (tag `busy`), keeping the server's refusal beside the order it concerns.
 */
export const kitchenBoardMachine = setup({
  types: {
    context: {} as KitchenBoardContext,
    events: {} as KitchenBoardEvent,
    tags: {} as 'offline' | 'busy',
  },
  actors: {
    listOrders: fromPromise<KitchenOrderList>(notProvided('listOrders')),
    acceptOrder: fromPromise<KitchenTicket, { orderRef: string }>(notProvided('acceptOrder')),
    proposeTime: fromPromise<KitchenTicket, { orderRef: string; updateTime: string }>(notProvided('proposeTime')),
    refuseOrder: fromPromise<KitchenTicket, RefuseInput>(notProvided('refuseOrder')),
    setStatus: fromPromise<KitchenTicket, { orderRef: string; kitchenStatus: KitchenStatusValue }>(notProvided('setStatus')),
  },
  delays: { POLL_INTERVAL: POLL_INTERVAL_MS },
  actions: {
    holdList: assign((_, list: KitchenOrderList) => ({ list, pollError: undefined })),
    notePollFailure: assign((_, { error }: { error: unknown }) => ({
      pollError: isApiError(error) ? error : { message: null, validationErrors: [] },
    })),
    holdPending: assign(({ context, event }) => {
      assertEvent(event, commandTypes);
      return { pending: event, actionErrors: withoutError(context.actionErrors, event.orderRef) };
    }),
    holdAnsweredTicket: assign(({ context }, ticket: KitchenTicket) => ({ list: withTicket(context.list, ticket), pending: undefined })),
    noteActionFailure: assign(({ context }, { error }: { error: unknown }) => ({
      actionErrors: context.pending ? { ...context.actionErrors, [context.pending.orderRef]: actionErrorMessage(error) } : context.actionErrors,
      pending: undefined,
    })),
    refresh: raise({ type: 'REFRESH' }),
  },
}).createMachine({
  id: 'kitchenBoard',
  context: { list: undefined, pollError: undefined, pending: undefined, actionErrors: {} },
  type: 'parallel',
  states: {
    connection: {
      initial: 'online',
      states: {
        online: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                id: 'listOrders',
                src: 'listOrders',
                onDone: { target: 'waiting', actions: { type: 'holdList', params: ({ event }) => event.output } },
                onError: { target: '#kitchenBoard.connection.offline', actions: { type: 'notePollFailure', params: ({ event }) => ({ error: event.error }) } },
              },
              // A read started before an action settled may miss its effect: it is replaced by a new one.
              on: { REFRESH: { target: 'fetching', reenter: true } },
            },
            waiting: {
              after: { POLL_INTERVAL: 'fetching' },
              on: { REFRESH: 'fetching' },
            },
          },
        },
        offline: {
          tags: ['offline'],
          initial: 'waiting',
          states: {
            waiting: {
              after: { POLL_INTERVAL: 'fetching' },
              on: { REFRESH: 'fetching' },
            },
            fetching: {
              invoke: {
                id: 'listOrders',
                src: 'listOrders',
                onDone: { target: '#kitchenBoard.connection.online.waiting', actions: { type: 'holdList', params: ({ event }) => event.output } },
                onError: { target: 'waiting', actions: { type: 'notePollFailure', params: ({ event }) => ({ error: event.error }) } },
              },
              on: { REFRESH: { target: 'fetching', reenter: true } },
            },
          },
        },
      },
    },
    actions: {
      initial: 'ready',
      states: {
        ready: {
          on: {
            ACCEPT: { target: 'accepting', actions: 'holdPending' },
            PROPOSE_TIME: { target: 'proposingTime', actions: 'holdPending' },
            REFUSE: { target: 'refusing', actions: 'holdPending' },
            SET_STATUS: { target: 'settingStatus', actions: 'holdPending' },
          },
        },
        accepting: {
          tags: ['busy'],
          invoke: {
            id: 'acceptOrder',
            src: 'acceptOrder',
            input: ({ event }) => {
              assertEvent(event, 'ACCEPT');
              return { orderRef: event.orderRef };
            },
            onDone: { target: 'ready', actions: [{ type: 'holdAnsweredTicket', params: ({ event }) => event.output }, 'refresh'] },
            onError: { target: 'ready', actions: [{ type: 'noteActionFailure', params: ({ event }) => ({ error: event.error }) }, 'refresh'] },
          },
        },
        proposingTime: {
          tags: ['busy'],
          invoke: {
            id: 'proposeTime',
            src: 'proposeTime',
            input: ({ event }) => {
              assertEvent(event, 'PROPOSE_TIME');
              return { orderRef: event.orderRef, updateTime: event.updateTime };
            },
            onDone: { target: 'ready', actions: [{ type: 'holdAnsweredTicket', params: ({ event }) => event.output }, 'refresh'] },
            onError: { target: 'ready', actions: [{ type: 'noteActionFailure', params: ({ event }) => ({ error: event.error }) }, 'refresh'] },
          },
        },
        refusing: {
          tags: ['busy'],
          invoke: {
            id: 'refuseOrder',
            src: 'refuseOrder',
            input: ({ event }) => {
              assertEvent(event, 'REFUSE');
              return { orderRef: event.orderRef, reason: event.reason, unavailableLines: event.unavailableLines };
            },
            onDone: { target: 'ready', actions: [{ type: 'holdAnsweredTicket', params: ({ event }) => event.output }, 'refresh'] },
            onError: { target: 'ready', actions: [{ type: 'noteActionFailure', params: ({ event }) => ({ error: event.error }) }, 'refresh'] },
          },
        },
        settingStatus: {
          tags: ['busy'],
          invoke: {
            id: 'setStatus',
            src: 'setStatus',
            input: ({ event }) => {
              assertEvent(event, 'SET_STATUS');
              return { orderRef: event.orderRef, kitchenStatus: event.kitchenStatus };
            },
            onDone: { target: 'ready', actions: [{ type: 'holdAnsweredTicket', params: ({ event }) => event.output }, 'refresh'] },
            onError: { target: 'ready', actions: [{ type: 'noteActionFailure', params: ({ event }) => ({ error: event.error }) }, 'refresh'] },
          },
        },
      },
    },
  },
});

export type KitchenBoardSnapshot = SnapshotFrom<typeof kitchenBoardMachine>;

/** The orders waiting for an answer, newest first as the server lists them. */
export function newOrdersOf(snapshot: KitchenBoardSnapshot): KitchenTicket[] {
  return snapshot.context.list?.orders.filter(isNewOrder) ?? [];
}
