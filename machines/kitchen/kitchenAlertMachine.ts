import { assign, not, setup, type SnapshotFrom } from 'xstate';

export type KitchenAlertEvent =
  /** The tap on "Start taking orders": browsers play sound only after a gesture on the page. */
  | { type: 'START' }
  | { type: 'TOGGLE_MUTE' }
  /** How many orders wait for the restaurant's answer, after every list the board reads. */
  | { type: 'NEW_ORDERS'; count: number };

export interface KitchenAlertContext {
  newOrders: number;
  muted: boolean;
}

/** 10 s: often enough that a waiting order is not forgotten in a noisy kitchen, seldom enough to talk over. */
export const CHIME_INTERVAL_MS = 10_000;

/**
 * The dashboard's audible alert: once started, it chimes at once and then every 10 seconds while any new order
 * waits (tag `ringing`), and again at once when another order arrives; muting silences it without hiding the
 * visual alert. The `chime` action is a placeholder: the screen provides the sound.
 */
export const kitchenAlertMachine = setup({
  types: {
    context: {} as KitchenAlertContext,
    events: {} as KitchenAlertEvent,
    tags: {} as 'ringing',
  },
  actions: {
    chime: () => {},
  },
  guards: {
    shouldRing: ({ context }) => context.newOrders > 0 && !context.muted,
    moreOrdersArrived: ({ context, event }) => event.type === 'NEW_ORDERS' && event.count > context.newOrders,
  },
  delays: { CHIME_INTERVAL: CHIME_INTERVAL_MS },
}).createMachine({
  id: 'kitchenAlert',
  context: { newOrders: 0, muted: false },
  initial: 'standby',
  on: {
    NEW_ORDERS: { actions: assign({ newOrders: ({ event }) => event.count }) },
  },
  states: {
    standby: {
      on: { START: 'listening' },
    },
    listening: {
      initial: 'quiet',
      on: {
        TOGGLE_MUTE: { actions: assign({ muted: ({ context }) => !context.muted }) },
      },
      states: {
        quiet: {
          always: { guard: 'shouldRing', target: 'ringing' },
        },
        ringing: {
          tags: ['ringing'],
          entry: 'chime',
          always: { guard: not('shouldRing'), target: 'quiet' },
          after: { CHIME_INTERVAL: { target: 'ringing', reenter: true } },
          on: {
            NEW_ORDERS: [
              {
                guard: 'moreOrdersArrived',
                target: 'ringing',
                reenter: true,
                actions: assign({ newOrders: ({ event }) => event.count }),
              },
              { actions: assign({ newOrders: ({ event }) => event.count }) },
            ],
          },
        },
      },
    },
  },
});

export type KitchenAlertSnapshot = SnapshotFrom<typeof kitchenAlertMachine>;
