import { assign, type ParameterizedObject } from 'xstate';
import { apiErrorOf, noResponseError } from '../../src/domain/apiErrors';
import { PAYMENT_DECLINED_MESSAGE, PaymentErrorMode, type PaymentErrorModeValue } from '../../src/domain/paymentErrors';
import { DEFAULT_PAYMENT_SOURCE, type PaymentContext, type PaymentEvent } from './paymentTypes';

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

/**
 * The unsettled PayPal order kept when the payment step starts again for `basketId`: back on /payment after an unknown
 * outcome, the same basket's first payment may still be held, and Try again finds it; another basket's is not this one's.
 */
function unsettledFor(context: PaymentContext, basketId: string | undefined): string | undefined {
  return basketId === context.basketId ? context.unsettledPayPalOrderId : undefined;
}

type Failure = { mode: PaymentErrorModeValue; details?: string };

/** The `fail` action for a mode, with what to log when the event carries no error of its own. */
export const failAs = (mode: PaymentErrorModeValue, details?: string) => ({ type: 'fail', params: { mode, details } }) as const;

/** What a new attempt forgets of the last one's outcome. */
const outcomeCleared = { errorMode: undefined, errorDetails: undefined, cashError: undefined } as const;

const assignPayment = <TParams extends ParameterizedObject['params'] | undefined = undefined>(
  assigner: (args: { context: PaymentContext; event: PaymentEvent }, params: TParams) => Partial<PaymentContext>,
) => assign<PaymentContext, PaymentEvent, TParams, PaymentEvent, never>(assigner);

/** The payment statechart's named actions (given to `setup`). */
export const paymentActions = {
  recordScriptStatus: assignPayment(({ context, event }) => ({
    scriptStatus: event.type === 'SCRIPT_STATUS' ? event.status : context.scriptStatus,
  })),
  /** `/payment` opened for a basket: a new attempt, which keeps only what still concerns the same basket. */
  open: assignPayment(({ context, event }) => {
    if (event.type !== 'START') return {};
    return {
      ...outcomeCleared,
      unsettledPayPalOrderId: unsettledFor(context, event.basketId),
      basketId: event.basketId,
      payPalOrderId: undefined,
      paymentSource: undefined,
      orderRef: undefined,
      // Back on /payment after a decline (the screen starts the step as it mounts), the customer is still told.
      declined: event.basketId === context.basketId ? context.declined : undefined,
    };
  }),
  resume: assignPayment(({ event }) =>
    event.type === 'RESUME' ? { ...outcomeCleared, basketId: event.basketId, payPalOrderId: event.payPalOrderId, orderRef: undefined, declined: undefined } : {},
  ),
  /** A resume without the ids it needs: what it carried is kept for the log. */
  resumeWithoutIds: assignPayment(({ context, event }) =>
    event.type === 'RESUME'
      ? { unsettledPayPalOrderId: unsettledFor(context, event.basketId), basketId: event.basketId, payPalOrderId: event.payPalOrderId, declined: undefined }
      : {},
  ),
  startOrder: assignPayment(({ context, event }) => ({
    paymentSource: event.type === 'CREATE_ORDER' ? event.paymentSource : context.paymentSource,
    payPalOrderId: undefined,
  })),
  approve: assignPayment(({ context, event }) =>
    event.type === 'APPROVED'
      ? { payPalOrderId: event.payPalOrderId, paymentSource: event.paymentSource ?? context.paymentSource ?? DEFAULT_PAYMENT_SOURCE, declined: undefined }
      : {},
  ),
  /** After a decline: should cash fail, /paymentIssue tells the declined authorisation's mode. */
  chooseCashAfterDecline: assignPayment(() => ({ errorMode: PaymentErrorMode.AuthorisationAndCaptureError, errorDetails: PAYMENT_DECLINED_MESSAGE })),
  /** Try again for the PayPal order whose outcome is unknown. */
  retryUnsettled: assignPayment(({ context }) => ({ ...outcomeCleared, payPalOrderId: context.unsettledPayPalOrderId })),
  // A script that never loaded is loaded again by the payment screen, which reports its status afresh.
  retryAfresh: assignPayment(({ context }) => ({
    ...outcomeCleared,
    scriptStatus: context.scriptStatus === 'resolved' ? context.scriptStatus : 'initial',
    payPalOrderId: undefined,
  })),
  holdAuthorisation: assignPayment(({ context }) => ({ unsettledPayPalOrderId: context.payPalOrderId })),
  settle: assignPayment(() => ({ unsettledPayPalOrderId: undefined })),
  /** Keeps the mode and what went wrong; the error carried by the event (a call's failure, PayPal's onError) comes first. */
  fail: assignPayment<Failure>(({ event }, failure) => ({
    errorMode: failure.mode,
    errorDetails: ('error' in event ? describeError(event.error) : undefined) ?? failure.details,
  })),
  failToLog: assignPayment(() => ({ errorMode: PaymentErrorMode.IssueLoggingPayPalError })),
  clearCashError: assignPayment(() => ({ cashError: undefined })),
  cashUnanswered: assignPayment(() => ({ cashError: noResponseError() })),
};
