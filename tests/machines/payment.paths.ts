import { getShortestPaths, type StatePath } from '@xstate/graph';
import { paymentMachine, type PaymentEvent, type PaymentSnapshot, type PaymentTimeouts } from '../../machines/payment/paymentMachine';
import type { PathSet } from '../paths/catalogue';
import { BASKET_ID, cardDeclined, notApproved, noResponse, ORDER_REF, PAYPAL_ORDER_ID, serverError, unverified, type PaymentActorId } from './paymentHarness';

export const RESUMED_ORDER_ID = '8XK37221BV0123456';

// What the screens send: PayPal's callbacks and script status, the customer's choices, and a reload's resume; each
// with the version that lacks an id.
export const screenEvents: PaymentEvent[] = [
  { type: 'START', basketId: BASKET_ID },
  { type: 'START', basketId: undefined },
  { type: 'SCRIPT_STATUS', status: 'pending' },
  { type: 'SCRIPT_STATUS', status: 'resolved' },
  { type: 'SCRIPT_STATUS', status: 'rejected' },
  { type: 'CREATE_ORDER', paymentSource: 'card' },
  { type: 'ORDER_CREATED', payPalOrderId: PAYPAL_ORDER_ID },
  { type: 'ORDER_NOT_CREATED', error: new Error('PayPal refused the order request') },
  { type: 'APPROVED', payPalOrderId: PAYPAL_ORDER_ID },
  { type: 'APPROVED', payPalOrderId: undefined },
  { type: 'CANCELLED' },
  { type: 'PAYPAL_ERROR', error: new Error('Window closed unexpectedly') },
  { type: 'RESUME', basketId: BASKET_ID, payPalOrderId: RESUMED_ORDER_ID },
  { type: 'RESUME', basketId: BASKET_ID, payPalOrderId: undefined },
  { type: 'TRY_AGAIN' },
  { type: 'PAY_CASH_INSTEAD' },
];

type Answer = { type: `xstate.done.actor.${PaymentActorId}`; output: unknown } | { type: `xstate.error.actor.${PaymentActorId}`; error: unknown };
type Delay = 'scriptLoad' | 'createOrder' | 'link' | 'authorise' | 'log' | 'cash';
type TimeUp = { type: `xstate.after.${Delay}.${string}` };
export type Step = PaymentEvent | Answer | TimeUp;

const done = (id: PaymentActorId, output: unknown): Answer => ({ type: `xstate.done.actor.${id}`, output });
export const failure = (id: PaymentActorId, error: unknown): Answer => ({ type: `xstate.error.actor.${id}`, error });

/** The state's name with its child, e.g. `ready.creating`. */
export function stateOf(snapshot: PaymentSnapshot): string {
  const value = snapshot.value;
  return typeof value === 'string' ? value : Object.entries(value).map(([parent, child]) => `${parent}.${child as string}`)[0];
}

/** What the server may answer to the call in flight. */
export function answersFor(snapshot: PaymentSnapshot): Answer[] {
  switch (stateOf(snapshot)) {
    case 'linking':
      return [done('createPayPalOrderLink', { orderBuilderId: BASKET_ID, payPalId: PAYPAL_ORDER_ID }), failure('createPayPalOrderLink', serverError)];
    case 'authorising':
      return [
        done('authoriseCapture', { orderRef: ORDER_REF }),
        failure('authoriseCapture', unverified),
        failure('authoriseCapture', notApproved),
        failure('authoriseCapture', cardDeclined),
        failure('authoriseCapture', serverError),
      ];
    case 'logging':
      return [done('logError', { logged: true }), failure('logError', noResponse)];
    case 'convertingToCash':
      return [done('convertToCash', {}), failure('convertToCash', serverError)];
    default:
      return [];
  }
}

/** The time limit of each state that waits for someone else. */
export const TIME_LIMITS: Record<string, { delay: Delay; timeout: keyof PaymentTimeouts; stateId: string }> = {
  loadingScript: { delay: 'scriptLoad', timeout: 'scriptLoadMs', stateId: 'payment.loadingScript' },
  'ready.creating': { delay: 'createOrder', timeout: 'createOrderMs', stateId: 'payment.ready.creating' },
  linking: { delay: 'link', timeout: 'linkMs', stateId: 'payment.linking' },
  authorising: { delay: 'authorise', timeout: 'authoriseMs', stateId: 'payment.authorising' },
  logging: { delay: 'log', timeout: 'logMs', stateId: 'payment.logging' },
  convertingToCash: { delay: 'cash', timeout: 'cashMs', stateId: 'payment.convertingToCash' },
};

export function timeUp(snapshot: PaymentSnapshot): TimeUp[] {
  const limit = TIME_LIMITS[stateOf(snapshot)];
  return limit ? [{ type: `xstate.after.${limit.delay}.${limit.stateId}` }] : [];
}

export function serializeState(snapshot: PaymentSnapshot): string {
  const { context } = snapshot;
  return JSON.stringify({
    state: stateOf(snapshot),
    // initial and pending lead to the same places: both are a script still loading.
    script: context.scriptStatus === 'initial' ? 'pending' : context.scriptStatus,
    basket: context.basketId !== undefined,
    payPalOrder: context.payPalOrderId !== undefined,
    source: context.paymentSource,
    mode: context.errorMode,
    cashError: context.cashError !== undefined,
    unsettled: context.unsettledPayPalOrderId,
    declined: context.declined === true,
  });
}

export const actorIdOf = (type: string) => /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(type)?.[1] as PaymentActorId | undefined;
export const isAnswer = (step: Step): step is Answer => actorIdOf(step.type) !== undefined;

function describeStep(step: Step): string {
  if (isAnswer(step)) {
    const actorId = actorIdOf(step.type)!;
    if ('output' in step) return `${actorId} answers`;
    const reason = step.error === unverified ? ' (unverified)' : step.error === serverError ? ' (5xx)' : step.error === cardDeclined ? ' (declined)' : '';
    return `${actorId} fails${reason}`;
  }
  if (step.type.startsWith('xstate.after.')) return `${step.type.split('.')[2]} time limit`;
  switch (step.type) {
    case 'START':
      return step.basketId ? 'START' : 'START without basket';
    case 'SCRIPT_STATUS':
      return `script ${step.status}`;
    case 'CREATE_ORDER':
      return `CREATE_ORDER (${step.paymentSource})`;
    case 'APPROVED':
      return step.payPalOrderId ? 'APPROVED' : 'APPROVED without orderID';
    case 'RESUME':
      return step.payPalOrderId ? 'RESUME' : 'RESUME without PayPal order';
    default:
      return step.type;
  }
}

export const describePath = (path: StatePath<PaymentSnapshot, PaymentEvent>) =>
  path.steps.slice(1).map(({ event }) => describeStep(event as Step)).join(' → ') || 'start';

export const paymentShortestPaths: PathSet<PaymentSnapshot, PaymentEvent> = {
  machine: 'machines/payment/paymentMachine.ts',
  where: 'machine',
  testFile: 'tests/machines/payment.paths.test.ts',
  suite: 'payment statechart: generated shortest paths',
  paths: getShortestPaths(paymentMachine, {
    events: (snapshot) => [...screenEvents, ...answersFor(snapshot), ...timeUp(snapshot)] as unknown as PaymentEvent[],
    serializeState,
  }).map((path) => ({ name: describePath(path), path })),
};
