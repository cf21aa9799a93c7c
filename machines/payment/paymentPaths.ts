/**
 * The payment pages' own paths, apart from the statechart's module, so that the route guards that name them
 * (src/shell/orderingGate.ts) do not bring the payment statechart into every first load (it is made when a payment page
 * first needs it: src/actors/lazyActor.ts).
 */
export const PAYMENT_PROCESSING_PATH = '/paymentProcessing';
export const PAYMENT_ISSUE_PATH = '/paymentIssue';
