import { and, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { apiErrorOf, type ApiError } from '../../src/domain/apiErrors';
import type { components } from '../../src/api/schema.gen';
import { isFinalOrderState } from '../../src/domain/orderFinality';

export type ActiveOrder = components['schemas']['ActiveOrder'];

/** docs/acceptance-and-kitchen.md: `/track` reads the order every 10 seconds, like the acceptance (SPEC §9). */
export const TRACKING_POLL_INTERVAL_MS = 10_000;

export interface TrackingContext {
  orderId?: string;
  /** The order as `GET /order/GetActiveOrder` last answered it (kept while it is read again). */
  order?: ActiveOrder;
  /** The last failed call (SPEC §8 shape); cleared by the next call that succeeds. */
  error?: ApiError;
}

export type TrackingEvent =
  /** Follow this order (or, for the order already followed, read it now). */
  | { type: 'TRACK'; orderId: string }
  /** Read the order now: the route-change check, or "Check again" after a failure. */
  | { type: 'CHECK' };

const notProvided = (name: string) => () => Promise.reject(new Error(`The ${name} actor was not provided`));

/**
 * Follows one order's progress: read every 10 seconds while it can still change (`isFinalOrderState`); reading
 * stops once it is final, or on a failed call until CHECK.
 */
export const trackingMachine = setup({
  types: {
    context: {} as TrackingContext,
    events: {} as TrackingEvent,
  },
  actors: {
    getActiveOrder: fromPromise<ActiveOrder, { orderId: string }>(notProvided('getActiveOrder')),
  },
  delays: {
    trackingPoll: TRACKING_POLL_INTERVAL_MS,
  },
  guards: {
    sameOrder: ({ context, event }) => event.type === 'TRACK' && event.orderId === context.orderId,
    isFinal: ({ context }) => context.order !== undefined && isFinalOrderState(context.order),
  },
}).createMachine({
  id: 'tracking',
  context: {},
  initial: 'idle',
  on: {
    TRACK: [
      // A final order does not change any more: nothing to read again.
      { guard: and(['sameOrder', 'isFinal']) },
      { guard: 'sameOrder', target: '.reading', reenter: true },
      { target: '.reading', actions: assign(({ event }) => ({ orderId: event.orderId, order: undefined, error: undefined })) },
    ],
  },
  states: {
    idle: {},
    reading: {
      tags: ['busy'],
      invoke: {
        id: 'getActiveOrder',
        src: 'getActiveOrder',
        input: ({ context }) => {
          if (context.orderId === undefined) throw new Error('Tracking needs an order id');
          return { orderId: context.orderId };
        },
        onDone: { target: 'settling', actions: assign({ order: ({ event }) => event.output, error: undefined }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => apiErrorOf(event.error) }) },
      },
    },
    settling: {
      always: [{ guard: 'isFinal', target: 'finished' }, { target: 'active' }],
    },
    active: {
      tags: ['polling'],
      after: { trackingPoll: 'reading' },
      on: { CHECK: 'reading' },
    },
    failed: {
      on: { CHECK: 'reading' },
    },
    finished: {
      tags: ['ended'],
    },
  },
});

export type TrackingSnapshot = SnapshotFrom<typeof trackingMachine>;
