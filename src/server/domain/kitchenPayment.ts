import type { components } from '../../api/schema.gen';
import { PaymentType, type PaymentTypeValue } from '../../domain/orderEnums';
import type { HonourOutcome, PaymentOperation, PaymentState } from '../db/schema';

// The kitchen ticket's "how it was paid and where its money is" (docs/payments.md), from the order's payment and the
// PayPal step it still waits for.

export type KitchenTicketPayment = components['schemas']['KitchenTicketPayment'];
type Money = NonNullable<KitchenTicketPayment['money']>;

/** An order's payment through PayPal as the ticket needs it. */
export interface TicketPaymentFacts {
  paymentSource: string;
  state: PaymentState;
  honourOutcome: HonourOutcome | null;
  /** The step not done yet that has failed most often, if any has failed. */
  failingStep: { operation: PaymentOperation; attempts: number; lastError: string | null } | undefined;
}

/** After this many failed attempts a PayPal step is shown to staff (the worker keeps trying). */
export const PAYPAL_STEP_ALERT_ATTEMPTS = 3;

// An order is confirmed only once its money is held, so `linked`, `authorising` and `failed` never reach a ticket.
const moneyOfState: Record<PaymentState, Money | null> = {
  linked: null,
  authorising: null,
  failed: null,
  authorised: 'held',
  capture_due: 'taking',
  captured: 'taken',
  void_due: 'releasing',
  voided: 'released',
  refund_due: 'returning',
  refunded: 'returned',
};

const whatTheStepDoes: Record<PaymentOperation, string> = {
  capture: 'take the money',
  void: 'release the held money',
  refund: 'return the money',
};

/** `cardOnCollection`: a phone order paid at the counter by card (docs/phone-orders.md), which has no money online either. */
export function kitchenTicketPaymentOf(paymentType: PaymentTypeValue, facts: TicketPaymentFacts | undefined, cardOnCollection: boolean): KitchenTicketPayment {
  if (paymentType !== PaymentType.InternetOrder) return { method: cardOnCollection ? 'cardOnCollection' : 'cash', money: null, problem: null, honour: null };
  // Confirming an order paid online records its payment, so this is a broken row, shown as nothing held.
  if (facts === undefined) return { method: 'paypal', money: null, problem: null, honour: null };
  return {
    method: facts.paymentSource === 'card' ? 'card' : 'paypal',
    money: moneyOfState[facts.state],
    problem: problemOf(facts.failingStep),
    honour: facts.honourOutcome,
  };
}

function problemOf(step: TicketPaymentFacts['failingStep']): string | null {
  if (step === undefined || step.attempts < PAYPAL_STEP_ALERT_ATTEMPTS) return null;
  const reason = step.lastError?.split('\n', 1)[0]?.trim();
  const refused = `PayPal has refused to ${whatTheStepDoes[step.operation]} ${step.attempts} times`;
  return reason ? `${refused}: ${reason}` : refused;
}
