import { and, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { apiErrorOf, type ApiError } from '../../src/domain/apiErrors';
import type { components } from '../../src/api/schema.gen';
import { AcceptanceStatus } from '../../src/domain/orderEnums';

export type OrderAcceptanceRequest = components['schemas']['OrderAcceptanceRequest'];
export type CancelAnswer = { OrderCancelled: boolean };

/** SPEC §9: the acceptance request is polled every 10 seconds. */
export const ACCEPTANCE_POLL_INTERVAL_MS = 10_000;

/** docs/acceptance-and-kitchen.md: the basket id names the order for the order-builder calls, the orderRef for the rest. */
export interface OrderInProgress {
  basketId: string;
  orderRef: string;
}

export interface AcceptanceContext {
  order?: OrderInProgress;
  /** The request as the server last answered it. */
  request?: OrderAcceptanceRequest;
  /** The last failed read or answer of the request (SPEC §8 shape); cleared by the next one that succeeds. */
  error?: ApiError;
  /** Why the last cancel failed, kept for /order-cancel-error while the order is read again; cleared by the next CANCEL. */
  cancelError?: ApiError;
}

export type AcceptanceEvent =
  /** The basket was confirmed: ask the restaurant to accept it. */
  | { type: 'START'; order: OrderInProgress }
  /** The page was reloaded with an order waiting: read where its request stands. */
  | { type: 'RESUME'; order: OrderInProgress }
  /** Read the request now: the route-change check, or "Check again" after a failure. */
  | { type: 'CHECK' }
  | { type: 'ACCEPT_NEW_TIME' }
  /** "Cancel order": asks the customer to confirm first (one tap must not lose an order). */
  | { type: 'CANCEL' }
  /** "Yes, cancel order" in the confirmation. */
  | { type: 'CONFIRM_CANCEL' }
  /** "Keep my order" (or the confirmation dismissed): the order is read again and followed as before. */
  | { type: 'KEEP_ORDER' };

const notProvided = (name: string) => () => Promise.reject(new Error(`The ${name} actor was not provided`));

function basketIdOf(context: AcceptanceContext): { basketId: string } {
  if (context.order === undefined) throw new Error('An acceptance call needs an order');
  return { basketId: context.order.basketId };
}

/**
 * Where a request waiting for the restaurant stands (docs/acceptance-and-kitchen.md, "Pre-orders"): a pre-order waits
 * for the restaurant to open (its answerFrom) before anyone is asked to answer; then the restaurant answers before its
 * autoRefuseAt or the order is refused automatically.
 */
export type WaitingStep = 'waitingForOpening' | 'waitingForAnswer';

export function waitingStepOf(request: Pick<OrderAcceptanceRequest, 'answerFrom'>, now: Date): WaitingStep {
  return request.answerFrom !== undefined && Date.parse(request.answerFrom) > now.getTime() ? 'waitingForOpening' : 'waitingForAnswer';
}

const withStatus = (status: number) => ({ context }: { context: AcceptanceContext }) => context.request?.orderStatus === status;

/**
 * The customer's side of the restaurant's acceptance (docs/acceptance-and-kitchen.md, SPEC §4). While the request is
 * Requested or Updated it is read every 10 seconds, and it stays where it is while the status is unchanged; a
 * changed status moves to its state, and a failed call stops the polling until CHECK. Updated is polled too: the
 * restaurant may still refuse it while the customer decides.
 */
export const acceptanceMachine = setup({
  types: {
    context: {} as AcceptanceContext,
    events: {} as AcceptanceEvent,
  },
  actors: {
    createAcceptance: fromPromise<OrderAcceptanceRequest, { basketId: string }>(notProvided('createAcceptance')),
    getAcceptanceDetails: fromPromise<OrderAcceptanceRequest, { basketId: string }>(notProvided('getAcceptanceDetails')),
    acceptNewTime: fromPromise<OrderAcceptanceRequest, { basketId: string }>(notProvided('acceptNewTime')),
    cancelOrder: fromPromise<CancelAnswer, { basketId: string }>(notProvided('cancelOrder')),
  },
  delays: {
    acceptancePoll: ACCEPTANCE_POLL_INTERVAL_MS,
  },
  guards: {
    hasRequest: ({ context }) => context.request !== undefined,
    customerCancelled: ({ context }) => context.request?.cancelled === true,
    isRefused: withStatus(AcceptanceStatus.Refused),
    isAccepted: withStatus(AcceptanceStatus.Accepted),
    isUpdated: withStatus(AcceptanceStatus.Updated),
    /** The restaurant has not accepted or refused it, and the customer has not cancelled it. */
    unanswered: ({ context }) =>
      context.request !== undefined &&
      !context.request.cancelled &&
      (context.request.orderStatus === AcceptanceStatus.Requested || context.request.orderStatus === AcceptanceStatus.Updated),
  },
}).createMachine({
  id: 'acceptance',
  context: {},
  initial: 'idle',
  on: {
    // A new order replaces whatever was followed before (the old one is tracked by its reference, not here).
    START: { target: '.creating', actions: assign(({ event }) => ({ order: event.order, request: undefined, error: undefined, cancelError: undefined })) },
    RESUME: { target: '.checking', actions: assign(({ event }) => ({ order: event.order, request: undefined, error: undefined, cancelError: undefined })) },
  },
  states: {
    idle: {},
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createAcceptance',
        src: 'createAcceptance',
        input: ({ context }) => basketIdOf(context),
        onDone: { target: 'settling', actions: assign({ request: ({ event }) => event.output, error: undefined }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => apiErrorOf(event.error) }) },
      },
    },
    checking: {
      tags: ['busy'],
      // The customer's answer does not wait for a poll in flight: the read is abandoned.
      on: {
        CANCEL: { guard: 'unanswered', target: 'askingToCancel' },
        ACCEPT_NEW_TIME: { guard: and(['unanswered', 'isUpdated']), target: 'acceptingNewTime' },
      },
      invoke: {
        id: 'getAcceptanceDetails',
        src: 'getAcceptanceDetails',
        input: ({ context }) => basketIdOf(context),
        onDone: { target: 'settling', actions: assign({ request: ({ event }) => event.output, error: undefined }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => apiErrorOf(event.error) }) },
      },
    },
    // Where the request's answer leads: its status, unless the customer has cancelled it.
    settling: {
      always: [
        { guard: 'customerCancelled', target: 'cancelled' },
        { guard: 'isRefused', target: 'refused' },
        { guard: 'isAccepted', target: 'accepted' },
        { guard: 'isUpdated', target: 'updated' },
        { target: 'requested' },
      ],
    },
    requested: {
      tags: ['polling'],
      after: { acceptancePoll: 'checking' },
      on: { CHECK: 'checking', CANCEL: 'askingToCancel' },
    },
    updated: {
      tags: ['polling'],
      after: { acceptancePoll: 'checking' },
      on: { CHECK: 'checking', CANCEL: 'askingToCancel', ACCEPT_NEW_TIME: 'acceptingNewTime' },
    },
    // The customer confirms the cancel, told what happens to the money (src/domain/cancelMoney.ts). Polling waits: a
    // restaurant that accepts meanwhile makes the cancel fail with its message, and keeping the order reads it again.
    askingToCancel: {
      on: { CONFIRM_CANCEL: 'cancelling', KEEP_ORDER: 'checking' },
    },
    acceptingNewTime: {
      tags: ['busy'],
      invoke: {
        id: 'acceptNewTime',
        src: 'acceptNewTime',
        input: ({ context }) => basketIdOf(context),
        onDone: { target: 'settling', actions: assign({ request: ({ event }) => event.output, error: undefined }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => apiErrorOf(event.error) }) },
      },
    },
    cancelling: {
      tags: ['busy'],
      entry: assign({ cancelError: undefined }),
      invoke: {
        id: 'cancelOrder',
        src: 'cancelOrder',
        input: ({ context }) => basketIdOf(context),
        onDone: [
          {
            guard: ({ event }) => event.output.OrderCancelled,
            target: 'cancelled',
            actions: assign({ request: ({ context }) => (context.request ? { ...context.request, cancelled: true } : undefined) }),
          },
          { target: 'cancelFailed' },
        ],
        // For instance the restaurant accepted first: its message says to phone instead.
        onError: { target: 'cancelFailed', actions: assign({ cancelError: ({ event }) => apiErrorOf(event.error) }) },
      },
    },
    // "Back to your order" reads the request again: it may have been accepted meanwhile.
    cancelFailed: {
      on: { CHECK: 'checking' },
    },
    // Polling has stopped; the customer may check again, or still cancel an order the restaurant has not answered.
    failed: {
      on: {
        CHECK: [{ guard: 'hasRequest', target: 'checking' }, { target: 'creating' }],
        CANCEL: { guard: 'unanswered', target: 'askingToCancel' },
      },
    },
    accepted: { tags: ['ended'] },
    refused: { tags: ['ended'] },
    cancelled: { tags: ['ended'] },
  },
});

export type AcceptanceSnapshot = SnapshotFrom<typeof acceptanceMachine>;
