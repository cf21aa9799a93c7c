import { and, assign, not, setup, type SnapshotFrom } from 'xstate';
import { apiErrorOf } from '../../src/domain/apiErrors';
import { PaymentErrorMode, paymentErrorLogMessage, type PaymentErrorModeValue } from '../../src/domain/paymentErrors';
import { journeyStep } from '../basket/journeySteps';
import { failAs, paymentActions } from './paymentActions';
import { paymentActors } from './paymentActors';
import { paymentGuards } from './paymentGuards';
import { PAYMENT_TIMEOUTS, type PaymentContext, type PaymentErrorData, type PaymentEvent, type PaymentInput, type PaymentTag } from './paymentTypes';
import { PAYMENT_ISSUE_PATH, PAYMENT_PROCESSING_PATH } from './paymentPaths';
import { paymentStageOf, type PaymentStage } from './paymentStage';

export * from './paymentTypes';

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
  actors: paymentActors,
  delays: {
    scriptLoad: ({ context }) => context.timeouts.scriptLoadMs,
    createOrder: ({ context }) => context.timeouts.createOrderMs,
    link: ({ context }) => context.timeouts.linkMs,
    authorise: ({ context }) => context.timeouts.authoriseMs,
    log: ({ context }) => context.timeouts.logMs,
    cash: ({ context }) => context.timeouts.cashMs,
  },
  guards: paymentGuards,
  actions: paymentActions,
}).createMachine({
  id: 'payment',
  // The app may start it without input: the default time limits.
  context: ({ input }) => ({ timeouts: { ...PAYMENT_TIMEOUTS, ...input?.timeouts }, scriptStatus: 'initial' }),
  initial: 'idle',
  on: {
    START: { target: '.opening', actions: 'open' },
    RESUME: [
      { guard: 'resumeHasIds', target: '.authorising', actions: 'resume' },
      {
        target: '.logging',
        actions: [
          'resumeWithoutIds',
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
          { guard: 'approvalHasIds', target: 'linking', actions: 'approve' },
          {
            target: 'logging',
            actions: failAs(PaymentErrorMode.MissingOrderIdOrPayPalOrderId, 'PayPal approved without an order id'),
          },
        ],
        CANCELLED: '.buttons',
        PAYPAL_ERROR: { target: 'logging', actions: failAs(PaymentErrorMode.IssueCreatingPayPalBasketApi) },
        // After a decline, cash is one of the ways on; should it fail, /paymentIssue tells the declined authorisation's mode.
        PAY_CASH_INSTEAD: { guard: and(['hasBasket', 'wasDeclined']), target: 'convertingToCash', actions: 'chooseCashAfterDecline' },
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
      entry: 'holdAuthorisation',
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
        onError: { target: 'issue', actions: 'failToLog' },
      },
      after: {
        log: { target: 'issue', actions: 'failToLog' },
      },
    },
    issue: {
      tags: ['issue'],
      on: {
        TRY_AGAIN: [
          // Never a second payment while the first one's outcome is unknown: authorise-capture is asked again for it.
          { guard: 'outcomeUnknown', target: 'authorising', actions: 'retryUnsettled' },
          { target: 'opening', actions: 'retryAfresh' },
        ],
        PAY_CASH_INSTEAD: { guard: 'hasBasket', target: 'convertingToCash' },
      },
    },
    convertingToCash: {
      tags: ['issue', 'processing'],
      entry: 'clearCashError',
      invoke: {
        id: 'convertToCash',
        src: 'convertToCash',
        input: ({ context }) => ({ basketId: context.basketId! }),
        onDone: 'cashChosen',
        onError: { target: 'issue', actions: assign({ cashError: ({ event }) => apiErrorOf(event.error) }) },
      },
      after: {
        cash: { target: 'issue', actions: 'cashUnanswered' },
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
  const paths: Record<PaymentStage, string | undefined> = {
    idle: undefined,
    paying: PAYMENT_PATH,
    processing: PAYMENT_PROCESSING_PATH,
    issue: PAYMENT_ISSUE_PATH,
    cash: CHECKOUT_PATH,
    paid: undefined,
  };
  return paths[paymentStageOf(snapshot)];
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
