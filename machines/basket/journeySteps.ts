import { BasketStatus, OrderType, PaymentType, type BasketStatusValue, type OrderTypeValue, type PaymentTypeValue } from '../../src/domain/orderEnums';

export type JourneyStepId = 'menu' | 'basket' | 'delivery' | 'contact' | 'orderTime' | 'checkout' | 'payment';
export type JourneyPath = '/order' | '/basket' | '/delivery' | '/contact' | '/orderTime' | '/checkout' | '/payment';

/** Where the customer goes once the order is confirmed: waiting for the restaurant (docs/acceptance-and-kitchen.md). */
export const CONFIRMATION_PATH = '/restaurant-confirmation';
export type JourneyDestination = JourneyPath | typeof CONFIRMATION_PATH;

/** What decides which steps an order goes through. */
export interface JourneyOrder {
  orderType: OrderTypeValue;
  paymentType: PaymentTypeValue;
}

const ORDERS_GOING_THROUGH = {
  every: () => true,
  delivery: (order: JourneyOrder) => order.orderType === OrderType.Delivery,
  onlinePayment: (order: JourneyOrder) => order.paymentType === PaymentType.InternetOrder,
} as const;

export interface JourneyStep {
  id: JourneyStepId;
  path: JourneyPath;
  /** SPEC §4: the basket status the order has once the step is done (each step needs the status of the one before). */
  status: BasketStatusValue;
  /** The basket statechart's journey state at that status; the payment step's state comes with the payment screens. */
  journeyState?: 'items' | 'basket' | 'delivery' | 'contact' | 'time' | 'checkout';
  /** Which orders go through the step. */
  orders: keyof typeof ORDERS_GOING_THROUGH;
  /** A reload there keeps the customer on the step: the basket is restored from the browser. */
  survivesReload: boolean;
  /** How /fix-issue's "Back to …" names the step; absent for a step /fix-issue never sends the customer back to. */
  fixIssueBackTo?: string;
}

/**
 * The order journey, in order (docs/order-journey.md): the one place that says which step follows which. The basket
 * statechart's guards, the routes' guards and the screens' next step are all derived from it. A collection order
 * skips /delivery; only an order paid online (payment type 2) goes through /payment, which confirms it.
 */
export const JOURNEY_STEPS: readonly JourneyStep[] = [
  { id: 'menu', path: '/order', status: BasketStatus.Items, journeyState: 'items', orders: 'every', survivesReload: true, fixIssueBackTo: 'the menu' },
  { id: 'basket', path: '/basket', status: BasketStatus.Basket, journeyState: 'basket', orders: 'every', survivesReload: true, fixIssueBackTo: 'your basket' },
  {
    id: 'delivery',
    path: '/delivery',
    status: BasketStatus.Delivery,
    journeyState: 'delivery',
    orders: 'delivery',
    survivesReload: true,
    fixIssueBackTo: 'your delivery details',
  },
  { id: 'contact', path: '/contact', status: BasketStatus.Contact, journeyState: 'contact', orders: 'every', survivesReload: true, fixIssueBackTo: 'your contact details' },
  { id: 'orderTime', path: '/orderTime', status: BasketStatus.Time, journeyState: 'time', orders: 'every', survivesReload: true, fixIssueBackTo: 'your order time' },
  { id: 'checkout', path: '/checkout', status: BasketStatus.Checkout, journeyState: 'checkout', orders: 'every', survivesReload: true, fixIssueBackTo: 'the checkout' },
  // A payment issue has its own page (/paymentIssue): /fix-issue sends the customer back to the checkout instead.
  { id: 'payment', path: '/payment', status: BasketStatus.Confirmed, orders: 'onlinePayment', survivesReload: true },
];

/** How /fix-issue names the confirmation it sends a confirmed order to. */
const CONFIRMATION_NAME = 'your order';

export function journeyStep(id: JourneyStepId): JourneyStep {
  return JOURNEY_STEPS.find((step) => step.id === id)!;
}

/** The step at `path` (any case, trailing slashes ignored), or undefined outside the journey. */
export function journeyStepAt(path: string): JourneyStep | undefined {
  const normalised = path.replace(/\/+$/, '').toLowerCase();
  return JOURNEY_STEPS.find((step) => step.path.toLowerCase() === normalised);
}

export function goesThrough(step: JourneyStep, order: JourneyOrder): boolean {
  return ORDERS_GOING_THROUGH[step.orders](order);
}

/** The steps this order goes through, in order. */
export function stepsOf(order: JourneyOrder): readonly JourneyStep[] {
  return JOURNEY_STEPS.filter((step) => goesThrough(step, order));
}

/** The status the basket must have reached to open the step: that of the order's step before it. */
export function neededStatus(step: JourneyStep, order: JourneyOrder): BasketStatusValue {
  const before = JOURNEY_STEPS.slice(0, JOURNEY_STEPS.indexOf(step)).filter((earlier) => goesThrough(earlier, order));
  return before.at(-1)?.status ?? BasketStatus.Created;
}

/** The step the order goes on to after `step` (the confirmation after its last step). */
export function stepAfter(step: JourneyStep, order: JourneyOrder): JourneyDestination {
  return JOURNEY_STEPS.slice(JOURNEY_STEPS.indexOf(step) + 1).find((later) => goesThrough(later, order))?.path ?? CONFIRMATION_PATH;
}

/** The first step still to do at `status`: the order's last step until it is confirmed, then CONFIRMATION_PATH. */
export function firstIncompleteStep(status: number, order: JourneyOrder): JourneyDestination {
  if (status >= BasketStatus.Confirmed) return CONFIRMATION_PATH;
  const steps = stepsOf(order);
  return (steps.find((step) => status < step.status) ?? steps.at(-1)!).path;
}

/**
 * Where a route guard must send the customer who opens `path`, or undefined to let them in. A step opened before
 * its prerequisites goes to the first incomplete step; a step this order does not go through goes to the step the
 * order goes on to instead (/delivery on a collection order to /contact), when it is open; once the order is
 * confirmed, every step but the menu (which starts the next order) goes to CONFIRMATION_PATH. Paths outside the
 * journey are not guarded.
 */
export function redirectForPath(path: string, status: number, order: JourneyOrder): JourneyDestination | undefined {
  const step = journeyStepAt(path);
  if (step === undefined) return undefined;
  if (status >= BasketStatus.Confirmed) return step === JOURNEY_STEPS[0] ? undefined : CONFIRMATION_PATH;
  if (!goesThrough(step, order)) {
    const instead = JOURNEY_STEPS.slice(JOURNEY_STEPS.indexOf(step) + 1).find((later) => goesThrough(later, order));
    return instead !== undefined && status >= neededStatus(instead, order) ? instead.path : firstIncompleteStep(status, order);
  }
  return status >= neededStatus(step, order) ? undefined : firstIncompleteStep(status, order);
}

/**
 * Where /fix-issue sends the customer back to, and its name: the first step still to do, or the last step before
 * it that /fix-issue may send them back to; the confirmation once the order is confirmed.
 */
export function fixIssueReturn(status: number, order: JourneyOrder): { path: JourneyDestination; name: string } {
  const first = firstIncompleteStep(status, order);
  if (first === CONFIRMATION_PATH) return { path: first, name: CONFIRMATION_NAME };
  const upToFirst = stepsOf(order).slice(0, stepsOf(order).findIndex((step) => step.path === first) + 1);
  const back = upToFirst.filter((step) => step.fixIssueBackTo !== undefined).at(-1)!;
  return { path: back.path, name: back.fixIssueBackTo! };
}

/** The steps a reload keeps the customer on (the basket is restored from the browser). */
export const RELOADABLE_STEP_PATHS: readonly JourneyPath[] = JOURNEY_STEPS.filter((step) => step.survivesReload).map((step) => step.path);
