import { and, assign, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import { apiErrorOf, noResponseError, type ApiError } from '../../src/api/errors';
import type { components } from '../../src/api/schema.gen';
import {
  PaymentErrorMode,
  paymentErrorLogMessage,
  PAYMENT_DECLINED_MESSAGE,
  PAYPAL_USER_UNVERIFIED_ERROR,
  type PaymentErrorModeValue,
} from '../../src/domain/paymentErrors';
import { journeyStep } from '../basket/journeySteps';
import { PAYMENT_ISSUE_PATH, PAYMENT_PROCESSING_PATH } from './paymentPaths';

export type PayPalOrderLink = components['schemas']['PayPalOrderLink'];
export type AuthoriseCaptureRequest = components['schemas']['AuthoriseCapture'];
export type PaymentErrorData = components['schemas']['PaymentErrorData'];

/** SPEC §4's payment script loading, as `usePayPalScriptReducer()`'s `loadingStatus` reports it. */
export type ScriptStatus = 'initial' | 'pending' | 'resolved' | 'rejected';

/** The funding source when PayPal does not say: the PayPal button. */
export const DEFAULT_PAYMENT_SOURCE = 'paypal';

/** How long each step that waits for someone else may take before the customer is told (docs/payments.md). */
export interface PaymentTimeouts {
  /** PayPal's script, from the first status until resolved. */
  scriptLoadMs: number;
  /** PayPal's SDK creating the order (createOrder). */
  createOrderMs: number;
  /** createPayPalOrderLink. */
  linkMs: number;
  /** authorise-capture: PayPal's order read and authorised, then the order confirmed (several PayPal calls). */
  authoriseMs: number;
  /** LogError. */
  logMs: number;
  /** The order updated to cash. */
  cashMs: number;
}

export const PAYMENT_TIMEOUTS: PaymentTimeouts = {
  scriptLoadMs: 30_000,
  createOrderMs: 30_000,
  linkMs: 30_000,
  authoriseMs: 60_000,
  logMs: 15_000,
  cashMs: 30_000,
};

export interface PaymentInput {
  timeouts?: Partial<PaymentTimeouts>;
}

export interface AuthorisedPayment {
  orderRef: string;
}

export interface PaymentContext {
  timeouts: PaymentTimeouts;
  /** The last status the screen reported for PayPal's script; kept across attempts, as the script stays loaded. */
  scriptStatus: ScriptStatus;
  basketId?: string;
  payPalOrderId?: string;
  /** The funding source PayPal reported (`paypal`, `card`). */
  paymentSource?: string;
  /**
   * The linked PayPal order whose authorise-capture has no known outcome (under way, or failed without a refusal: no
   * answer, a 5xx, the time limit). PayPal may hold money for it and the server keeps it being processed, so Try again
   * asks authorise-capture again for it (idempotent) rather than starting a new PayPal order. Forgotten once answered,
   * refused (400) or replaced by a new link.
   */
  unsettledPayPalOrderId?: string;
  /** The confirmed order's reference, once authorise-capture answered. */
  orderRef?: string;
  /** The mode being logged or shown on /paymentIssue. */
  errorMode?: PaymentErrorModeValue;
  /** What went wrong, for the log only (never shown to the customer). */
  errorDetails?: string;
  /** Why the order could not be converted to cash, shown on /paymentIssue; cleared by the next attempt. */
  cashError?: ApiError;
  /**
   * The last card or funding source was declined: /payment says so above the buttons, whose next payment is a new
   * PayPal order (PayPal's advice for INSTRUMENT_DECLINED: restart, so the buyer chooses another way). Cleared by the
   * next approval.
   */
  declined?: boolean;
}

export type PaymentEvent =
  /** `/payment` opened for the basket (none when the browser holds no order). */
  | { type: 'START'; basketId: string | undefined }
  /** `loadingStatus` of `usePayPalScriptReducer()`, sent when the payment screen mounts and whenever it changes. */
  | { type: 'SCRIPT_STATUS'; status: ScriptStatus }
  /** PayPal's createOrder was called (its `data.paymentSource` says which button). */
  | { type: 'CREATE_ORDER'; paymentSource?: string }
  /** `actions.order.create` answered PayPal's order id. */
  | { type: 'ORDER_CREATED'; payPalOrderId: string }
  /** `actions.order.create` failed. */
  | { type: 'ORDER_NOT_CREATED'; error?: unknown }
  /** PayPal's onApprove: `orderID` may be missing. */
  | { type: 'APPROVED'; payPalOrderId?: string; paymentSource?: string }
  /** PayPal's onCancel: the customer closed PayPal's window. */
  | { type: 'CANCELLED' }
  /** PayPal's onError. */
  | { type: 'PAYPAL_ERROR'; error?: unknown }
  /** `/paymentProcessing` loaded again with the linked order the browser kept: authorise it (the server is idempotent). */
  | { type: 'RESUME'; basketId: string | undefined; payPalOrderId: string | undefined }
  /** /paymentIssue's "Try again". */
  | { type: 'TRY_AGAIN' }
  /** /paymentIssue's "Pay with cash instead" (SPEC §4), also offered on /payment after a decline. */
  | { type: 'PAY_CASH_INSTEAD' };

export type PaymentTag = 'loadingScript' | 'ready' | 'processing' | 'issue' | 'paid' | 'cashChosen';

const notProvided = (name: string) => () => Promise.reject(new Error(`The ${name} actor was not provided`));

/** The log's account of a failure: the call's answer or the thrown error's message. */
function describeError(thrown: unknown): string | undefined {
  if (thrown === undefined) return undefined;
  if (thrown instanceof Error) return thrown.message;
  if (typeof thrown === 'string') return thrown;
  const apiError = apiErrorOf(thrown);
  if (apiError !== thrown) return JSON.stringify(thrown);
  const failures = apiError.validationErrors.map((failure) => `${failure.field}: ${failure.message}`);
  const status = apiError.status === undefined ? 'no response' : `HTTP ${apiError.status}`;
  return [status, apiError.message, ...failures].filter(Boolean).join(': ');
}

/** The server answered and refused (400): nothing is held, so a new attempt may start afresh. */
function isRefusal(thrown: unknown): boolean {
  return apiErrorOf(thrown).status === 400;
}

function isDeclined(thrown: unknown): boolean {
  const error = apiErrorOf(thrown);
  return error.status === 400 && error.message === PAYMENT_DECLINED_MESSAGE;
}

function isUnverifiedAccount(thrown: unknown): boolean {
  const error = apiErrorOf(thrown);
  return error.status === 400 && error.message === PAYPAL_USER_UNVERIFIED_ERROR;
}

/**
 * The unsettled PayPal order kept when the payment step starts again for `basketId`: back on /payment after an unknown
 * outcome, the same basket's first payment may still be held, and Try again finds it; another basket's is not this one's.
 */
function unsettledFor(context: PaymentContext, basketId: string | undefined): string | undefined {
  return basketId === context.basketId ? context.unsettledPayPalOrderId : undefined;
}

const presentId = (id: string | undefined): id is string => id !== undefined && id.trim() !== '';

type Failure = { mode: PaymentErrorModeValue; details?: string };

/** The `fail` action for a mode, with what to log when the event carries no error of its own. */
const failAs = (mode: PaymentErrorModeValue, details?: string) => ({ type: 'fail', params: { mode, details } }) as const;

/**
 * The customer's payment through PayPal (docs/payments.md, SPEC §4 and §8): PayPal's script loading, the PayPal order
 * created by PayPal's buttons, the approval linked to the basket, authorise-capture (which confirms the order), and
 * every PayPal error mode, each logged once through LogError and then shown on /paymentIssue, whose ways on are "Try
 * again" and "Pay with cash instead"; Try again after an authorisation of unknown outcome asks the server again for the same
 * PayPal order rather than paying twice. Every state that waits for someone else has a time limit, so no customer is left
 * on a spinner; while PayPal's window is open the buttons stay on the page.
 */
export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
    tags: {} as PaymentTag,
  },
  actors: {
    createPayPalOrderLink: fromPromise<unknown, PayPalOrderLink>(notProvided('createPayPalOrderLink')),
    authoriseCapture: fromPromise<AuthorisedPayment, AuthoriseCaptureRequest>(notProvided('authoriseCapture')),
    logError: fromPromise<unknown, PaymentErrorData>(notProvided('logError')),
    /** Sets paymentType 1 (cash) and updates the order (SPEC §4). */
    convertToCash: fromPromise<unknown, { basketId: string }>(notProvided('convertToCash')),
  },
  delays: {
    scriptLoad: ({ context }) => context.timeouts.scriptLoadMs,
    createOrder: ({ context }) => context.timeouts.createOrderMs,
    link: ({ context }) => context.timeouts.linkMs,
    authorise: ({ context }) => context.timeouts.authoriseMs,
    log: ({ context }) => context.timeouts.logMs,
    cash: ({ context }) => context.timeouts.cashMs,
  },
  guards: {
    hasBasket: ({ context }) => presentId(context.basketId),
    scriptResolved: ({ context }) => context.scriptStatus === 'resolved',
    scriptRejected: ({ context }) => context.scriptStatus === 'rejected',
    reportsResolved: ({ event }) => event.type === 'SCRIPT_STATUS' && event.status === 'resolved',
    reportsRejected: ({ event }) => event.type === 'SCRIPT_STATUS' && event.status === 'rejected',
    reportsLoading: ({ event }) => event.type === 'SCRIPT_STATUS' && (event.status === 'initial' || event.status === 'pending'),
    approvalHasIds: ({ context, event }) =>
      event.type === 'APPROVED' && presentId(context.basketId) && presentId(event.payPalOrderId),
    resumeHasIds: ({ event }) => event.type === 'RESUME' && presentId(event.basketId) && presentId(event.payPalOrderId),
    resumesSameOrder: ({ context, event }) =>
      event.type === 'RESUME' && event.basketId === context.basketId && event.payPalOrderId === context.payPalOrderId,
    unverifiedAccount: ({ event }) => 'error' in event && isUnverifiedAccount(event.error),
    declined: ({ event }) => 'error' in event && isDeclined(event.error),
    wasDeclined: ({ context }) => context.declined === true,
    refused: ({ event }) => 'error' in event && isRefusal(event.error),
    outcomeUnknown: ({ context }) => context.unsettledPayPalOrderId !== undefined,
  },
  actions: {
    recordScriptStatus: assign({
      scriptStatus: ({ context, event }) => (event.type === 'SCRIPT_STATUS' ? event.status : context.scriptStatus),
    }),
    startOrder: assign({
      paymentSource: ({ context, event }) => (event.type === 'CREATE_ORDER' ? event.paymentSource : context.paymentSource),
      payPalOrderId: undefined,
    }),
    settle: assign({ unsettledPayPalOrderId: undefined }),
    /** Keeps the mode and what went wrong; the error carried by the event (a call's failure, PayPal's onError) comes first. */
    fail: assign(({ event }, failure: Failure) => ({
      errorMode: failure.mode,
      errorDetails: ('error' in event ? describeError(event.error) : undefined) ?? failure.details,
    })),
  },
}).createMachine({
  id: 'payment',
  // The app may start it without input: the default time limits.
  context: ({ input }) => ({ timeouts: { ...PAYMENT_TIMEOUTS, ...input?.timeouts }, scriptStatus: 'initial' }),
  initial: 'idle',
  on: {
    START: {
      target: '.opening',
      actions: assign(({ context, event }) => ({
        unsettledPayPalOrderId: unsettledFor(context, event.basketId),
        basketId: event.basketId,
        payPalOrderId: undefined,
        paymentSource: undefined,
        orderRef: undefined,
        errorMode: undefined,
        errorDetails: undefined,
        cashError: undefined,
        // Back on /payment after a decline (the screen starts the step as it mounts), the customer is still told.
        declined: event.basketId === context.basketId ? context.declined : undefined,
      })),
    },
    RESUME: [
      {
        guard: 'resumeHasIds',
        target: '.authorising',
        actions: assign(({ event }) => ({
          basketId: event.basketId,
          payPalOrderId: event.payPalOrderId,
          orderRef: undefined,
          errorMode: undefined,
          errorDetails: undefined,
          cashError: undefined,
          declined: undefined,
        })),
      },
      {
        target: '.logging',
        actions: [
          assign(({ context, event }) => ({
            unsettledPayPalOrderId: unsettledFor(context, event.basketId),
            basketId: event.basketId,
            payPalOrderId: event.payPalOrderId,
            declined: undefined,
          })),
          failAs(PaymentErrorMode.MissingOrderIdOrPayPalOrderId, 'A reload of /paymentProcessing held no linked order'),
        ],
      },
    ],
    SCRIPT_STATUS: { actions: 'recordScriptStatus' },
  },
  states: {
    idle: {},
    // Where an attempt begins: without an order nothing can be paid; a script loaded before is not waited for again.
    opening: {
      always: [
        {
          guard: not('hasBasket'),
          target: 'logging',
          actions: failAs(PaymentErrorMode.MissingOrderIdOrPayPalOrderId, 'The payment step opened without a basket id'),
        },
        { guard: 'scriptResolved', target: 'ready' },
        { guard: 'scriptRejected', target: 'logging', actions: failAs(PaymentErrorMode.ScriptFailedToLoad) },
        { target: 'loadingScript' },
      ],
    },
    loadingScript: {
      tags: ['loadingScript'],
      on: {
        SCRIPT_STATUS: [
          { guard: 'reportsResolved', target: 'ready', actions: 'recordScriptStatus' },
          { guard: 'reportsRejected', target: 'logging', actions: ['recordScriptStatus', failAs(PaymentErrorMode.ScriptFailedToLoad)] },
          { actions: 'recordScriptStatus' },
        ],
      },
      after: {
        scriptLoad: {
          target: 'logging',
          actions: failAs(PaymentErrorMode.ScriptFailedToLoad, 'The script did not load in time'),
        },
      },
    },
    // PayPal's buttons are on the page, also while PayPal's own window is open over it.
    ready: {
      tags: ['ready'],
      initial: 'buttons',
      on: {
        // The customer approved at PayPal: whatever the page thought meanwhile, the approval goes ahead.
        APPROVED: [
          {
            guard: 'approvalHasIds',
            target: 'linking',
            actions: assign(({ context, event }) => ({
              payPalOrderId: event.payPalOrderId,
              paymentSource: event.paymentSource ?? context.paymentSource ?? DEFAULT_PAYMENT_SOURCE,
              declined: undefined,
            })),
          },
          {
            target: 'logging',
            actions: failAs(PaymentErrorMode.MissingOrderIdOrPayPalOrderId, 'PayPal approved without an order id'),
          },
        ],
        CANCELLED: '.buttons',
        PAYPAL_ERROR: { target: 'logging', actions: failAs(PaymentErrorMode.IssueCreatingPayPalBasketApi) },
        // After a decline, cash is one of the ways on; should it fail, /paymentIssue tells the declined authorisation's mode.
        PAY_CASH_INSTEAD: {
          guard: and(['hasBasket', 'wasDeclined']),
          target: 'convertingToCash',
          actions: assign({ errorMode: PaymentErrorMode.AuthorisationAndCaptureError, errorDetails: PAYMENT_DECLINED_MESSAGE }),
        },
      },
      states: {
        buttons: {
          on: {
            CREATE_ORDER: { target: 'creating', actions: 'startOrder' },
            SCRIPT_STATUS: [
              {
                guard: 'reportsRejected',
                target: '#payment.logging',
                actions: ['recordScriptStatus', failAs(PaymentErrorMode.ScriptFailedToLoad)],
              },
              // PayPal's provider loads the script again when its options change.
              { guard: 'reportsLoading', target: '#payment.loadingScript', actions: 'recordScriptStatus' },
              { actions: 'recordScriptStatus' },
            ],
          },
        },
        creating: {
          on: {
            ORDER_CREATED: { target: 'approving', actions: assign({ payPalOrderId: ({ event }) => event.payPalOrderId }) },
            ORDER_NOT_CREATED: { target: '#payment.logging', actions: failAs(PaymentErrorMode.IssueCreatingPayPalBasketApi) },
          },
          after: {
            createOrder: {
              target: '#payment.logging',
              actions: failAs(PaymentErrorMode.IssueCreatingPayPalBasketApi, 'PayPal did not create the order in time'),
            },
          },
        },
        // PayPal's window is open: the customer takes as long as they like, and can start again from the buttons.
        approving: {
          on: {
            CREATE_ORDER: { target: 'creating', actions: 'startOrder' },
          },
        },
      },
    },
    linking: {
      tags: ['processing'],
      // Money is on its way: the customer is not sent back to the buttons until this step has answered.
      on: { START: {} },
      invoke: {
        id: 'createPayPalOrderLink',
        src: 'createPayPalOrderLink',
        input: ({ context }) => ({
          orderBuilderId: context.basketId!,
          payPalId: context.payPalOrderId!,
          paymentSource: context.paymentSource!,
        }),
        // The server replaces a link only while nothing is held under it: the earlier PayPal order is settled.
        onDone: { target: 'authorising', actions: 'settle' },
        onError: { target: 'logging', actions: failAs(PaymentErrorMode.IssueCreatingPayPalBasketApi) },
      },
      after: {
        link: {
          target: 'logging',
          actions: failAs(PaymentErrorMode.IssueCreatingPayPalBasketApi, 'createPayPalOrderLink did not answer in time'),
        },
      },
    },
    authorising: {
      tags: ['processing'],
      entry: assign({ unsettledPayPalOrderId: ({ context }) => context.payPalOrderId }),
      on: {
        START: {},
        // The same order asked again (a screen mounted twice) is already being authorised.
        RESUME: { guard: 'resumesSameOrder' },
      },
      invoke: {
        id: 'authoriseCapture',
        src: 'authoriseCapture',
        input: ({ context }) => ({ orderBuilderId: context.basketId!, payPalOrderId: context.payPalOrderId! }),
        onDone: { target: 'paid', actions: ['settle', assign({ orderRef: ({ event }) => event.output.orderRef })] },
        onError: [
          { guard: 'unverifiedAccount', target: 'logging', actions: ['settle', failAs(PaymentErrorMode.UnconfirmedPayPalAccount)] },
          // Declined: nothing is held (the server recorded why). Back to the buttons, whose next payment is a new order.
          { guard: 'declined', target: 'opening', actions: ['settle', assign({ declined: true, payPalOrderId: undefined })] },
          { guard: 'refused', target: 'logging', actions: ['settle', failAs(PaymentErrorMode.AuthorisationAndCaptureError)] },
          // No answer or a server error: the outcome is unknown, so the order stays unsettled.
          { target: 'logging', actions: failAs(PaymentErrorMode.AuthorisationAndCaptureError) },
        ],
      },
      after: {
        // The server may still be authorising: the order stays unsettled.
        authorise: {
          target: 'logging',
          actions: failAs(PaymentErrorMode.AuthorisationAndCaptureError, 'authorise-capture did not answer in time'),
        },
      },
    },
    // Every error is logged once, before /paymentIssue offers the ways on; an error that cannot be logged is its own mode.
    logging: {
      tags: ['processing'],
      invoke: {
        id: 'logError',
        src: 'logError',
        input: ({ context }): PaymentErrorData => ({
          ...(context.basketId === undefined ? {} : { orderBuilderId: context.basketId }),
          errorMode: context.errorMode!,
          message: paymentErrorLogMessage(context.errorMode!),
          ...(context.errorDetails === undefined ? {} : { details: context.errorDetails }),
        }),
        onDone: 'issue',
        onError: { target: 'issue', actions: assign({ errorMode: PaymentErrorMode.IssueLoggingPayPalError }) },
      },
      after: {
        log: { target: 'issue', actions: assign({ errorMode: PaymentErrorMode.IssueLoggingPayPalError }) },
      },
    },
    issue: {
      tags: ['issue'],
      on: {
        TRY_AGAIN: [
          {
            // Never a second payment while the first one's outcome is unknown: authorise-capture is asked again for it.
            guard: 'outcomeUnknown',
            target: 'authorising',
            actions: assign(({ context }) => ({
              payPalOrderId: context.unsettledPayPalOrderId,
              errorMode: undefined,
              errorDetails: undefined,
              cashError: undefined,
            })),
          },
          {
            target: 'opening',
            // A script that never loaded is loaded again by the payment screen, which reports its status afresh.
            actions: assign(({ context }) => ({
              scriptStatus: context.scriptStatus === 'resolved' ? context.scriptStatus : 'initial',
              payPalOrderId: undefined,
              errorMode: undefined,
              errorDetails: undefined,
              cashError: undefined,
            })),
          },
        ],
        PAY_CASH_INSTEAD: { guard: 'hasBasket', target: 'convertingToCash' },
      },
    },
    convertingToCash: {
      tags: ['issue', 'processing'],
      entry: assign({ cashError: undefined }),
      invoke: {
        id: 'convertToCash',
        src: 'convertToCash',
        input: ({ context }) => ({ basketId: context.basketId! }),
        onDone: 'cashChosen',
        onError: { target: 'issue', actions: assign({ cashError: ({ event }) => apiErrorOf(event.error) }) },
      },
      after: {
        cash: { target: 'issue', actions: assign({ cashError: () => noResponseError() }) },
      },
    },
    paid: { tags: ['paid'] },
    cashChosen: { tags: ['cashChosen'] },
  },
});

export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

export const PAYMENT_PATH = journeyStep('payment').path;
export { PAYMENT_ISSUE_PATH, PAYMENT_PROCESSING_PATH };
const CHECKOUT_PATH = journeyStep('checkout').path;

/**
 * Where the customer paying belongs (SPEC §2): `/payment` while PayPal's script loads, the buttons are shown and the
 * approval is linked; `/paymentProcessing` while the server authorises; `/paymentIssue` for an error and its ways on;
 * `/checkout` once converted to cash. Undefined before the payment step starts and once paid: the confirmed order
 * follows the cash order's way (the basket and acceptance statecharts say where).
 */
export function paymentPathOf(snapshot: PaymentSnapshot): string | undefined {
  if (snapshot.matches('authorising')) return PAYMENT_PROCESSING_PATH;
  if (snapshot.matches('logging') || snapshot.hasTag('issue')) return PAYMENT_ISSUE_PATH;
  if (snapshot.hasTag('cashChosen')) return CHECKOUT_PATH;
  if (snapshot.hasTag('loadingScript') || snapshot.hasTag('ready') || snapshot.matches('linking')) return PAYMENT_PATH;
  return undefined;
}

/** The mode /paymentIssue shows, once it has been logged (or could not be). */
export function shownErrorMode(snapshot: PaymentSnapshot): PaymentErrorModeValue | undefined {
  return snapshot.hasTag('issue') ? snapshot.context.errorMode : undefined;
}

/** The linked PayPal order a reload of /paymentProcessing resumes (the browser keeps it while authorising). */
export function paymentToResume(snapshot: PaymentSnapshot): { basketId: string; payPalOrderId: string } | undefined {
  const { basketId, payPalOrderId } = snapshot.context;
  return snapshot.matches('authorising') && basketId !== undefined && payPalOrderId !== undefined ? { basketId, payPalOrderId } : undefined;
}
