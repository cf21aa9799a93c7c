import type { components } from '../api/schema.gen';
import { formatGbp, poundsToPence } from './money';

export type OrderPayment = components['schemas']['OrderPayment'];

// What cancelling an order does to the customer's money (docs/payments.md): the customer is told before they confirm
// the cancel, and again once it is done. A held payment (authorised) is released, one already taken is refunded; both
// take the bank some days to show. A cash order was never charged.

function whereItIs(method: OrderPayment['method']): { held: string; taken: string } {
  return method === 'card' ? { held: 'held on your card', taken: 'taken from your card' } : { held: 'held in your PayPal account', taken: 'taken from your PayPal account' };
}

export function moneyOnCancel(payment: OrderPayment): string {
  if (payment.method === 'cash') return 'Nothing has been charged: you were paying in cash.';
  if (payment.method === 'cardOnCollection') return 'Nothing has been charged: you were paying by card on collection.';
  // PayPal would not take the money held: the order was to be paid in cash (docs/payments.md).
  if (payment.cashInstead === true) return 'Nothing has been charged: we could not take your online payment, and you were to pay in cash.';
  const amount = formatGbp(poundsToPence(payment.amount));
  const where = whereItIs(payment.method);
  switch (payment.money) {
    case 'held':
    case 'releasing':
      return `The ${amount} ${where.held} is released; it can take a few days to show.`;
    case 'released':
      return `The ${amount} ${where.held} has been released.`;
    case 'taking':
    case 'taken':
    case 'returning':
      return `The ${amount} ${where.taken} is refunded; it can take a few days to show.`;
    case 'returned':
      return `The ${amount} ${where.taken} has been refunded.`;
    case null:
      return `Nothing has been taken for this order; any money ${where.held} for it is released.`;
  }
}
