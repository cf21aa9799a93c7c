import { assign, not, setup, type SnapshotFrom } from 'xstate';

export type KitchenAlertEvent =
  /** The tap on "Tap to turn on sound" was answered: the browser plays sound now (it allows it only after a gesture). */
  | { type: 'SOUND_ON' }
  /** The browser refused the sound, or stopped it since (another app took the audio, the tablet suspended it). */
  | { type: 'SOUND_BLOCKED' }
  | { type: 'TOGGLE_MUTE' }
  /** The orders waiting for the restaurant's answer, as the board lists them, after every list it reads. */
  | { type: 'NEW_ORDERS'; orderRefs: readonly string[] }
  /** Staff tapped the banner: they have seen every order waiting now. */
  | { type: 'ACKNOWLEDGE' };

export interface KitchenAlertContext {
  /** The orders waiting for an answer, in the board's order. */
  waiting: readonly string[];
  /** Those of them staff have acknowledged on the banner. */
  acknowledged: readonly string[];
}

/** 5 s: insistent, as a tablet at the pass must be, because one tap on the banner stops it. */
export const CHIME_INTERVAL_MS = 5_000;

/** The waiting orders staff have not acknowledged yet, in the board's order: the banner shows these and the chime rings for them. */
export function unacknowledgedOf(context: KitchenAlertContext): string[] {
  return context.waiting.filter((orderRef) => !context.acknowledged.includes(orderRef));
}

/**
 * The dashboard's new-order alert (docs/acceptance-and-kitchen.md). An order that arrives is announced (tag `announcing`:
 * the banner) until staff acknowledge it, and chimes at once and then every 5 seconds until then (tag `ringing`), and
 * again at once when another arrives. Sound needs a tap first (tag `soundOff` until then, and again whenever the
 * browser stops it); muting silences it without hiding the banner. The `chime` action is a placeholder: the screen
 * provides the sound.
 */
export const kitchenAlertMachine = setup({
  types: {
    context: {} as KitchenAlertContext,
    events: {} as KitchenAlertEvent,
    tags: {} as 'ringing' | 'announcing' | 'soundOff',
  },
  actions: {
    chime: () => {},
    // An order answered (or refused automatically) leaves both lists, so they never hold more than what waits.
    noteOrders: assign(({ context, event }) => {
      if (event.type !== 'NEW_ORDERS') return {};
      return { waiting: [...event.orderRefs], acknowledged: context.acknowledged.filter((orderRef) => event.orderRefs.includes(orderRef)) };
    }),
  },
  guards: {
    hasUnacknowledged: ({ context }) => unacknowledgedOf(context).length > 0,
    orderArrived: ({ context, event }) => event.type === 'NEW_ORDERS' && event.orderRefs.some((orderRef) => !context.waiting.includes(orderRef)),
  },
  delays: { CHIME_INTERVAL: CHIME_INTERVAL_MS },
}).createMachine({
  id: 'kitchenAlert',
  context: { waiting: [], acknowledged: [] },
  type: 'parallel',
  on: {
    NEW_ORDERS: { actions: 'noteOrders' },
    ACKNOWLEDGE: { actions: assign({ acknowledged: ({ context }) => [...context.waiting] }) },
  },
  states: {
    banner: {
      initial: 'hidden',
      states: {
        hidden: {
          always: { guard: 'hasUnacknowledged', target: 'shown' },
        },
        shown: {
          tags: ['announcing'],
          always: { guard: not('hasUnacknowledged'), target: 'hidden' },
        },
      },
    },
    sound: {
      initial: 'off',
      states: {
        off: {
          tags: ['soundOff'],
          on: { SOUND_ON: 'on', SOUND_BLOCKED: 'blocked' },
        },
        blocked: {
          tags: ['soundOff'],
          on: { SOUND_ON: 'on' },
        },
        muted: {
          on: { TOGGLE_MUTE: 'on', SOUND_BLOCKED: 'blocked' },
        },
        on: {
          initial: 'quiet',
          on: { TOGGLE_MUTE: 'muted', SOUND_BLOCKED: 'blocked' },
          states: {
            quiet: {
              always: { guard: 'hasUnacknowledged', target: 'ringing' },
            },
            ringing: {
              tags: ['ringing'],
              entry: 'chime',
              always: { guard: not('hasUnacknowledged'), target: 'quiet' },
              after: { CHIME_INTERVAL: { target: 'ringing', reenter: true } },
              // Chimes again at once. This handler is taken instead of the root's for this region, so it notes the
              // orders itself: without it the banner kept its first order while the chime rang.
              on: { NEW_ORDERS: { guard: 'orderArrived', target: 'ringing', reenter: true, actions: 'noteOrders' } },
            },
          },
        },
      },
    },
  },
});

export type KitchenAlertSnapshot = SnapshotFrom<typeof kitchenAlertMachine>;
