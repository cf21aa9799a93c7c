import { apiErrorOf } from '../../src/domain/apiErrors';
import { PAYMENT_DECLINED_MESSAGE, PAYPAL_USER_UNVERIFIED_ERROR } from '../../src/domain/paymentErrors';
import type { PaymentContext, PaymentEvent } from './paymentTypes';

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

export const presentId = (id: string | undefined): id is string => id !== undefined && id.trim() !== '';

type GuardArgs = { context: PaymentContext; event: PaymentEvent };

/** The payment statechart's named guards (given to `setup`). */
export const paymentGuards = {
  hasBasket: ({ context }: GuardArgs) => presentId(context.basketId),
  scriptResolved: ({ context }: GuardArgs) => context.scriptStatus === 'resolved',
  scriptRejected: ({ context }: GuardArgs) => context.scriptStatus === 'rejected',
  reportsResolved: ({ event }: GuardArgs) => event.type === 'SCRIPT_STATUS' && event.status === 'resolved',
  reportsRejected: ({ event }: GuardArgs) => event.type === 'SCRIPT_STATUS' && event.status === 'rejected',
  reportsLoading: ({ event }: GuardArgs) => event.type === 'SCRIPT_STATUS' && (event.status === 'initial' || event.status === 'pending'),
  approvalHasIds: ({ context, event }: GuardArgs) =>
    event.type === 'APPROVED' && presentId(context.basketId) && presentId(event.payPalOrderId),
  resumeHasIds: ({ event }: GuardArgs) => event.type === 'RESUME' && presentId(event.basketId) && presentId(event.payPalOrderId),
  resumesSameOrder: ({ context, event }: GuardArgs) =>
    event.type === 'RESUME' && event.basketId === context.basketId && event.payPalOrderId === context.payPalOrderId,
  unverifiedAccount: ({ event }: GuardArgs) => 'error' in event && isUnverifiedAccount(event.error),
  declined: ({ event }: GuardArgs) => 'error' in event && isDeclined(event.error),
  wasDeclined: ({ context }: GuardArgs) => context.declined === true,
  refused: ({ event }: GuardArgs) => 'error' in event && isRefusal(event.error),
  outcomeUnknown: ({ context }: GuardArgs) => context.unsettledPayPalOrderId !== undefined,
};
