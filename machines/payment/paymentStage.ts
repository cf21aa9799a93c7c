import type { PaymentSnapshot } from './paymentMachine';

/** Where a payment stands, as its pages and the journey router read it. */
export type PaymentStage = 'idle' | 'paying' | 'processing' | 'issue' | 'cash' | 'paid';

/**
 * The payment statechart's state as a stage: apart from the machine's module, so that the journey router, made when a
 * journey page first needs it, reads it without bringing in the payment statechart (made on the payment pages).
 */
export function paymentStageOf(snapshot: PaymentSnapshot): PaymentStage {
  if (snapshot.matches('authorising')) return 'processing';
  if (snapshot.matches('logging') || snapshot.hasTag('issue')) return 'issue';
  if (snapshot.hasTag('paid')) return 'paid';
  if (snapshot.hasTag('cashChosen')) return 'cash';
  if (snapshot.hasTag('loadingScript') || snapshot.hasTag('ready') || snapshot.matches('linking')) return 'paying';
  return 'idle';
}
