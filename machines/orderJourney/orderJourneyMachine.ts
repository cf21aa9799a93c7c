import { and, assign, enqueueActions, fromCallback, not, sendTo, setup, type EventObject, type NonReducibleUnknown, type SnapshotFrom } from 'xstate';
import { OrderType, PaymentType } from '../../src/domain/orderEnums';
import { CONFIRMATION_PATH, JOURNEY_STEPS, type JourneyStepId } from '../basket/journeySteps';
import { preselectedOrderType } from '../basket/journeyChoices';
import { paymentTypesOffered } from '../basket/basketPayment';
import {
  cashOfferOf,
  confirmationHref,
  FIX_ISSUE_PATH,
  fixIssueReturnOf,
  NO_ACCEPTANCE,
  NO_BASKET,
  NO_PAYMENT,
  ORDER_CANCEL_ERROR_PATH,
  ORDER_CANCELLED_PATH,
  PAYMENT_ISSUE_PATH,
  PAYMENT_PROCESSING_PATH,
  type AcceptanceFacts,
  type BasketFacts,
  type JourneyFactsContext,
  type JourneySettings,
  type PaymentFacts,
} from './journeyFacts';

export interface OrderJourneyContext extends JourneyFactsContext {
  settings: JourneySettings;
  /** Whether cash was last offered on this visit of the checkout (OFFER_PAYMENT_TYPES is sent again when that changes). */
  cashOffered?: boolean;
  /** "Try again" was pressed on this visit of /fix-issue: once the order is saved, the customer goes back. */
  retried?: boolean;
}

export type OrderJourneyInput = { settings?: JourneySettings };

/** What the router tells the basket step to do (the basket step's actor passes it to the basket statechart). */
export type BasketCommand =
  | { type: 'CHOOSE_ORDER_TYPE'; orderType: 1 | 2 }
  | { type: 'OFFER_PAYMENT_TYPES'; paymentTypes: readonly (1 | 2)[] }
  | { type: 'SETTINGS'; settings: JourneySettings }
  | { type: 'RETRY' }
  | { type: 'REBUILD_ORDER'; orderId: string; from: 'endedOrder' };

/** What the router tells the payment step to do. */
export type PaymentCommand = { type: 'RESUME' };

/** What the router tells the acceptance step to do. */
export type AcceptanceCommand = { type: 'CHECK' };

export type OrderJourneyEvent =
  // Reports from the steps (each step's actor, invoked by the router).
  /** A step done, with the basket as it stands once it is (the next step depends on the order). */
  | { type: 'NEXT'; step: JourneyStepId; basket: BasketFacts }
  | { type: 'BASKET_REPORTED'; basket: BasketFacts }
  | { type: 'PAYMENT_REPORTED'; payment: PaymentFacts }
  | { type: 'ACCEPTANCE_REPORTED'; acceptance: AcceptanceFacts }
  // Where the customer is now (the router's location, after its guards let them in).
  | { type: 'ARRIVED'; path: string }
  | { type: 'SETTINGS_CHANGED'; settings: Partial<JourneySettings> }
  // The customer's intents on the journey's own pages.
  | { type: 'RETRY' }
  | { type: 'ORDER_AGAIN'; orderId?: string }
  /** /paymentProcessing is being opened: a payment not under way is resumed (a reload), or reported as not loaded (SPEC §8). */
  | { type: 'RESUME_PAYMENT' }
  | { type: 'BACK_TO_ORDER' };

export interface NavigateParams {
  to: string;
  /** Replace the history entry: the page the customer leaves is no longer one to go back to. */
  replace?: boolean;
}

function notProvided<TCommand extends EventObject, TInput = NonReducibleUnknown>(name: string) {
  return fromCallback<TCommand, TInput>(() => {
    throw new Error(`The ${name} step was not provided`);
  });
}

const NO_SETTINGS: JourneySettings = {};

const go = (to: string, replace = false) => ({ type: 'navigate' as const, params: { to, replace } });

/** Guard: the event is the report of this step (a report of another step, sent late, is not). */
const from =
  (step: JourneyStepId) =>
  ({ event }: { event: OrderJourneyEvent }) =>
    'step' in event && event.step === step;

/** The router's state for a journey path the customer has arrived at (the route guards let them in). */
const STATE_AT: Readonly<Record<string, string>> = {
  '/order': 'ordering.menu',
  '/basket': 'ordering.basket',
  '/delivery': 'ordering.delivery',
  '/contact': 'ordering.contact',
  '/ordertime': 'ordering.orderTime',
  '/checkout': 'ordering.checkout',
  [FIX_ISSUE_PATH]: 'ordering.fixIssue',
  '/payment': 'paying.payment',
  [PAYMENT_PROCESSING_PATH.toLowerCase()]: 'paying.processing',
  [PAYMENT_ISSUE_PATH.toLowerCase()]: 'paying.issue',
  [CONFIRMATION_PATH]: 'placed.waiting',
  '/confirmation': 'placed.accepted',
  [ORDER_CANCELLED_PATH]: 'placed.ended',
  [ORDER_CANCEL_ERROR_PATH]: 'placed.cancelError',
};

export const stateAtPath = (path: string): string => STATE_AT[path.replace(/\/+$/, '').toLowerCase()] ?? 'away';

/** Where a retry that went through returns the customer from /fix-issue: a step, or the placed order's page. */
const FIX_RETURNS = [
  ...JOURNEY_STEPS.filter((step) => step.fixIssueBackTo !== undefined).map((step) => [step.path, stateAtPath(step.path)] as const),
  [CONFIRMATION_PATH, 'placed.waiting'] as const,
];

/**
 * The order journey's router (docs/order-journey.md), as clerk's sign-in router: it alone decides the next step and
 * moves the customer there through one injected `navigate` action. The steps report: the basket step (menu, basket,
 * delivery, contact, time and checkout: the basket statechart with its save queue) reports NEXT when a step is done
 * and its facts as they change; the payment step (the payment statechart) and the acceptance step (the acceptance
 * statechart) report where they stand. The router tells the steps what follows from the restaurant's settings (the
 * remembered order type, the ways to pay, the minimums) and from the customer's intents on the journey's own pages.
 *
 * Its states are where the customer is: `ordering` (the steps and /fix-issue), `paying`, `placed`, or `away` (a page
 * outside the journey, where nothing moves the customer). ARRIVED keeps them true when the customer moves by a link.
 */
export const orderJourneyMachine = setup({
  types: {
    context: {} as OrderJourneyContext,
    events: {} as OrderJourneyEvent,
    input: {} as OrderJourneyInput,
  },
  actors: {
    basketStep: notProvided<BasketCommand, { settings: JourneySettings }>('basket'),
    paymentStep: notProvided<PaymentCommand>('payment'),
    acceptanceStep: notProvided<AcceptanceCommand>('acceptance'),
  },
  actions: {
    // The basket as its step reports it (with a step done, as it stands once it is).
    takeReport: assign({ basket: ({ context, event }) => (event.type === 'NEXT' || event.type === 'BASKET_REPORTED' ? event.basket : context.basket) }),
    takePayment: assign({ payment: ({ context, event }) => (event.type === 'PAYMENT_REPORTED' ? event.payment : context.payment) }),
    takeAcceptance: assign({ acceptance: ({ context, event }) => (event.type === 'ACCEPTANCE_REPORTED' ? event.acceptance : context.acceptance) }),
    takeSettings: assign({
      settings: ({ context, event }) => (event.type === 'SETTINGS_CHANGED' ? { ...context.settings, ...event.settings } : context.settings),
    }),
    // Given by the app (src/actors/orderJourney.ts): the router's own navigation.
    navigate: (_: unknown, _params: NavigateParams) => undefined,
    chooseRememberedOrderType: sendTo('basketStep', ({ context }): BasketCommand => ({
      type: 'CHOOSE_ORDER_TYPE',
      orderType: preselectedOrderType(context.settings.rememberedOrderType, context.settings.minimums ?? NO_ORDER_TYPES)!,
    })),
    // The basket keeps a way chosen before that is still offered, or chooses the first offered (cash where it is).
    offerPaymentTypes: enqueueActions(({ context, enqueue }) => {
      const cashOffered = cashOfferOf(context.settings, context.basket) === 'offered';
      enqueue.assign({ cashOffered });
      enqueue.sendTo('basketStep', { type: 'OFFER_PAYMENT_TYPES', paymentTypes: paymentTypesOffered(cashOffered) } satisfies BasketCommand);
    }),
  },
  guards: {
    delivers: ({ context, event }) => (event.type === 'NEXT' ? event.basket : context.basket).orderType === OrderType.Delivery,
    paysOnline: ({ context, event }) => (event.type === 'NEXT' ? event.basket : context.basket).paymentType === PaymentType.InternetOrder,
    // SPEC §2, §8: a failed order update or confirmation goes to /fix-issue.
    fixNeeded: ({ event }) => event.type === 'BASKET_REPORTED' && event.basket.needsFix,
    // The retry went through: back to the step /fix-issue names.
    fixed: ({ context, event }) => event.type === 'BASKET_REPORTED' && context.retried === true && !event.basket.needsFix && !event.basket.busy,
    // Docs/order-journey.md "Fewer taps": a basket with lines and no order type opens with the one this device chose last.
    remembersOrderType: ({ context }) =>
      context.basket.hasLines &&
      context.basket.orderType === OrderType.NotSet &&
      context.settings.minimums !== undefined &&
      preselectedOrderType(context.settings.rememberedOrderType, context.settings.minimums) !== undefined,
    cashOfferChanged: ({ context }) => {
      const offer = cashOfferOf(context.settings, context.basket);
      return offer !== undefined && (offer === 'offered') !== context.cashOffered;
    },
    paymentAt: ({ event }, at: PaymentFacts['at']) => event.type === 'PAYMENT_REPORTED' && event.payment.at === at,
    acceptanceAt: ({ event }, at: AcceptanceFacts['at']) => event.type === 'ACCEPTANCE_REPORTED' && event.acceptance.at === at,
    // "Order again" rebuilt the ended order's basket: it is shown.
    rebuilt: ({ context, event }) => event.type === 'BASKET_REPORTED' && context.basket.rebuilding && !event.basket.rebuilding && !event.basket.failed,
    returnsTo: ({ context, event }, path: string) =>
      fixIssueReturnOf(event.type === 'BASKET_REPORTED' ? { ...context, basket: event.basket } : context).path === path,
    orderToRebuild: ({ event }) => event.type === 'ORDER_AGAIN' && event.orderId !== undefined,
  },
}).createMachine({
  id: 'orderJourney',
  context: ({ input }) => ({ settings: input.settings ?? NO_SETTINGS, basket: NO_BASKET, payment: NO_PAYMENT, acceptance: NO_ACCEPTANCE }),
  invoke: [
    { id: 'basketStep', src: 'basketStep', input: ({ context }) => ({ settings: context.settings }) },
    { id: 'paymentStep', src: 'paymentStep' },
    { id: 'acceptanceStep', src: 'acceptanceStep' },
  ],
  initial: 'away',
  on: {
    ARRIVED: [
      ...Object.values(STATE_AT).map((state) => ({
        guard: ({ event }: { event: OrderJourneyEvent }) => event.type === 'ARRIVED' && stateAtPath(event.path) === state,
        target: `.${state}`,
      })),
      { target: '.away' },
    ],
    RESUME_PAYMENT: { actions: sendTo('paymentStep', { type: 'RESUME' } satisfies PaymentCommand) },
    SETTINGS_CHANGED: {
      actions: ['takeSettings', sendTo('basketStep', ({ context }): BasketCommand => ({ type: 'SETTINGS', settings: context.settings }))],
    },
    BASKET_REPORTED: { actions: 'takeReport' },
    NEXT: { actions: 'takeReport' },
    PAYMENT_REPORTED: { actions: 'takePayment' },
    ACCEPTANCE_REPORTED: { actions: 'takeAcceptance' },
  },
  states: {
    away: {},
    ordering: {
      initial: 'menu',
      on: {
        BASKET_REPORTED: {
          guard: and(['fixNeeded', not(({ context }) => context.basket.needsFix)]),
          target: '.fixIssue',
          actions: ['takeReport', go(FIX_ISSUE_PATH)],
        },
      },
      states: {
        menu: {},
        basket: {
          // Chosen as the basket reports it will be, so that it is chosen once.
          always: {
            guard: 'remembersOrderType',
            actions: [
              'chooseRememberedOrderType',
              assign({
                basket: ({ context }) => ({
                  ...context.basket,
                  orderType: preselectedOrderType(context.settings.rememberedOrderType, context.settings.minimums!)!,
                }),
              }),
            ],
          },
          on: {
            NEXT: [
              { guard: and([from('basket'), 'delivers']), target: 'delivery', actions: ['takeReport', go('/delivery')] },
              { guard: from('basket'), target: 'contact', actions: ['takeReport', go('/contact')] },
            ],
          },
        },
        delivery: {
          on: {
            NEXT: { guard: from('delivery'), target: 'contact', actions: ['takeReport', go('/contact')] },
          },
        },
        contact: {
          on: {
            NEXT: { guard: from('contact'), target: 'orderTime', actions: ['takeReport', go('/orderTime')] },
          },
        },
        orderTime: {
          on: {
            NEXT: { guard: from('orderTime'), target: 'checkout', actions: ['takeReport', go('/checkout')] },
          },
        },
        checkout: {
          always: { guard: 'cashOfferChanged', actions: 'offerPaymentTypes' },
          exit: assign({ cashOffered: undefined }),
          on: {
            NEXT: [
              { guard: and([from('checkout'), 'paysOnline']), target: '#orderJourney.paying.payment', actions: ['takeReport', go('/payment')] },
              { guard: from('checkout'), target: '#orderJourney.placed.waiting', actions: ['takeReport', go(CONFIRMATION_PATH)] },
            ],
          },
        },
        fixIssue: {
          exit: assign({ retried: undefined }),
          on: {
            RETRY: { actions: [assign({ retried: true }), sendTo('basketStep', { type: 'RETRY' } satisfies BasketCommand)] },
            BASKET_REPORTED: FIX_RETURNS.map(([path, state]) => ({
              guard: and(['fixed', { type: 'returnsTo', params: path }]),
              target: `#orderJourney.${state}`,
              actions: ['takeReport', go(path, true)],
            })),
          },
        },
      },
    },
    paying: {
      initial: 'payment',
      on: {
        PAYMENT_REPORTED: [
          {
            guard: { type: 'paymentAt', params: 'paying' },
            target: '.payment',
            actions: ['takePayment', go('/payment', true)],
          },
          {
            guard: { type: 'paymentAt', params: 'processing' },
            target: '.processing',
            actions: ['takePayment', go(PAYMENT_PROCESSING_PATH, true)],
          },
          {
            guard: { type: 'paymentAt', params: 'issue' },
            target: '.issue',
            actions: ['takePayment', go(PAYMENT_ISSUE_PATH, true)],
          },
          // Paying in cash instead: the checkout again, with cash chosen.
          {
            guard: { type: 'paymentAt', params: 'cash' },
            target: '#orderJourney.ordering.checkout',
            actions: ['takePayment', go('/checkout', true)],
          },
          {
            guard: { type: 'paymentAt', params: 'paid' },
            target: '#orderJourney.placed.waiting',
            actions: ['takePayment', go(CONFIRMATION_PATH, true)],
          },
        ],
      },
      states: {
        payment: {},
        processing: {},
        issue: {},
      },
    },
    placed: {
      initial: 'waiting',
      on: {
        ACCEPTANCE_REPORTED: [
          {
            guard: { type: 'acceptanceAt', params: 'accepted' },
            target: '.accepted',
            actions: [
              'takeAcceptance',
              { type: 'navigate', params: ({ event }: { event: OrderJourneyEvent }) => ({ to: acceptedHref(event), replace: true }) } as never,
            ],
          },
          {
            guard: { type: 'acceptanceAt', params: 'ended' },
            target: '.ended',
            actions: ['takeAcceptance', go(ORDER_CANCELLED_PATH, true)],
          },
          {
            guard: { type: 'acceptanceAt', params: 'cancelError' },
            target: '.cancelError',
            actions: ['takeAcceptance', go(ORDER_CANCEL_ERROR_PATH, true)],
          },
          {
            guard: { type: 'acceptanceAt', params: 'waiting' },
            target: '.waiting',
            actions: ['takeAcceptance', go(CONFIRMATION_PATH, true)],
          },
        ],
      },
      states: {
        waiting: {},
        accepted: {},
        ended: {
          on: {
            ORDER_AGAIN: [
              {
                guard: 'orderToRebuild',
                actions: sendTo('basketStep', ({ event }): BasketCommand => ({
                  type: 'REBUILD_ORDER',
                  orderId: (event as { orderId: string }).orderId,
                  from: 'endedOrder',
                })),
              },
              // No order to start from: the menu.
              { target: '#orderJourney.ordering.menu', actions: go('/order') },
            ],
            BASKET_REPORTED: {
              guard: 'rebuilt',
              target: '#orderJourney.ordering.basket',
              actions: ['takeReport', go('/basket')],
            },
          },
        },
        cancelError: {
          on: {
            // The customer reads why and whom to phone; "Back to your order" moves on, to the order as it is then.
            ACCEPTANCE_REPORTED: { actions: 'takeAcceptance' },
            // The order may have moved on (accepted, most likely): it is read again, on its waiting page.
            BACK_TO_ORDER: { target: 'waiting', actions: [sendTo('acceptanceStep', { type: 'CHECK' } satisfies AcceptanceCommand), go(CONFIRMATION_PATH)] },
          },
        },
      },
    },
  },
});

const NO_ORDER_TYPES = { allowCollection: false, allowOrdering: false };

function acceptedHref(event: OrderJourneyEvent): string {
  return event.type === 'ACCEPTANCE_REPORTED' && event.acceptance.orderRef !== undefined ? confirmationHref(event.acceptance.orderRef) : CONFIRMATION_PATH;
}

export type OrderJourneySnapshot = SnapshotFrom<typeof orderJourneyMachine>;
