import { assign, fromPromise, setup } from 'xstate';
import { apiErrorOf, type ApiError } from '../../src/domain/apiErrors';

/** How asking for an order's push notifications ended: allowed and sent to the server, refused, or not possible here. */
export type OrderUpdatesRegistration = 'registered' | 'denied' | 'unavailable';

/**
 * Where an order's notifications stand on this device: not possible here, offered, on, refused by the customer's
 * permission, or stopped from the order's page.
 */
export type OrderUpdatesStanding = 'unavailable' | 'offered' | 'registered' | 'denied' | 'stopped';

export interface OrderUpdatesContext {
  basketId: string;
  /** Why the last request failed (SPEC §8 shape); cleared by the next one. */
  error?: ApiError;
  /** Set once the customer has asked in this visit, so that the result is announced and not a standing read at load. */
  answered: boolean;
}

export type OrderUpdatesEvent = { type: 'NOTIFY' } | { type: 'STOP' };

const notProvided = (name: string) => () => Promise.reject(new Error(`The ${name} actor was not provided`));

const couldNotStart: ApiError = {
  message: 'Notifications could not be turned on in this browser. This page keeps itself up to date meanwhile.',
  validationErrors: [],
};

/**
 * The order page's "Notify me about this order" (docs/notifications.md): where notifications stand is read first
 * (nothing is offered where they are not possible); asking registers this browser or app for the order, and "Stop
 * notifications" stops every notification still to come for it. A failed request may be tried again.
 */
export const orderUpdatesMachine = setup({
  types: {
    context: {} as OrderUpdatesContext,
    events: {} as OrderUpdatesEvent,
    input: {} as { basketId: string },
  },
  actors: {
    readStanding: fromPromise<OrderUpdatesStanding, { basketId: string }>(notProvided('readStanding')),
    register: fromPromise<OrderUpdatesRegistration, { basketId: string }>(notProvided('register')),
    stop: fromPromise<void, { basketId: string }>(notProvided('stop')),
  },
}).createMachine({
  id: 'orderUpdates',
  context: ({ input }) => ({ basketId: input.basketId, answered: false }),
  initial: 'reading',
  states: {
    reading: {
      invoke: {
        src: 'readStanding',
        input: ({ context }) => ({ basketId: context.basketId }),
        onDone: [
          { guard: ({ event }) => event.output === 'registered', target: 'registered' },
          { guard: ({ event }) => event.output === 'denied', target: 'denied' },
          { guard: ({ event }) => event.output === 'stopped', target: 'stopped' },
          { guard: ({ event }) => event.output === 'offered', target: 'offered' },
          { target: 'unavailable' },
        ],
        // Not knowing is not a reason to hide the offer: asking finds out.
        onError: { target: 'offered' },
      },
    },
    unavailable: {},
    offered: {
      on: { NOTIFY: 'registering' },
    },
    registering: {
      tags: ['busy'],
      entry: assign({ error: undefined, answered: true }),
      invoke: {
        src: 'register',
        input: ({ context }) => ({ basketId: context.basketId }),
        onDone: [
          { guard: ({ event }) => event.output === 'registered', target: 'registered' },
          { guard: ({ event }) => event.output === 'denied', target: 'denied' },
          { target: 'failed', actions: assign({ error: couldNotStart }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => apiErrorOf(event.error) }) },
      },
    },
    // The customer may change their mind in the browser's settings and ask again.
    denied: {
      on: { NOTIFY: 'registering' },
    },
    failed: {
      on: { NOTIFY: 'registering' },
    },
    registered: {
      on: { STOP: 'stopping' },
    },
    stopping: {
      tags: ['busy'],
      entry: assign({ error: undefined, answered: true }),
      invoke: {
        src: 'stop',
        input: ({ context }) => ({ basketId: context.basketId }),
        onDone: { target: 'stopped' },
        onError: { target: 'stopFailed', actions: assign({ error: ({ event }) => apiErrorOf(event.error) }) },
      },
    },
    stopFailed: {
      on: { STOP: 'stopping' },
    },
    stopped: {},
  },
});
