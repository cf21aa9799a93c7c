import type { ValidationFailure } from '../../domain/apiErrors';
import { fieldMessage } from '../../domain/fieldMessages';
import { CONTACT_LABELS } from '../ContactInputs';

/** The order's fields the server refuses by name, in the words of the ordering steps' forms. */
const ORDER_FIELD_SUBJECTS: Readonly<Record<string, string>> = {
  ...CONTACT_LABELS,
  'deliveryAddress.postcode': 'Postcode',
  paymentType: 'Payment',
};

const BASKET_LINE_FIELD = /^orderItems\[\d+\]/;

function subjectOf(field: string): string | undefined {
  if (Object.hasOwn(ORDER_FIELD_SUBJECTS, field)) return ORDER_FIELD_SUBJECTS[field];
  return BASKET_LINE_FIELD.test(field) ? 'A dish in your basket' : undefined;
}

/**
 * A refused order field as the customer reads it (SPEC §8): "Phone number must be a UK phone number, …" after the
 * label the customer knows, a message that is a sentence already as it is, never the contract's field name
 * ("phone", "orderItems[0].itemId"): a field without a label the customer would know gives the message alone.
 */
export function orderFailureText({ field, message }: ValidationFailure): string {
  const subject = subjectOf(field);
  if (subject !== undefined) return fieldMessage(subject, message);
  return message.charAt(0).toUpperCase() + message.slice(1);
}
