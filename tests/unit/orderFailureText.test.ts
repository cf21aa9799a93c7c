import { describe, expect, it } from 'vitest';
import { orderFailureText } from '../../src/components/order/orderFailureText';
import { PHONE_FORMAT_MESSAGE, POSTCODE_FORMAT_MESSAGE } from '../../src/domain/contactMessages';

describe('a refused order field as /fix-issue and the ordering steps show it (SPEC §8)', () => {
  it('names the field by the label the customer typed it under', () => {
    expect(orderFailureText({ field: 'phone', message: PHONE_FORMAT_MESSAGE })).toBe('Phone number must be a UK phone number, for example 0113 496 0123');
    expect(orderFailureText({ field: 'email', message: 'must be at most 254 characters' })).toBe('Email must be at most 254 characters');
    expect(orderFailureText({ field: 'deliveryAddress.postcode', message: POSTCODE_FORMAT_MESSAGE })).toBe('Postcode must be a UK postcode, for example LS6 2AB');
  });

  it('says a basket line is a dish in the basket, not its position in the request', () => {
    expect(orderFailureText({ field: 'orderItems[2].itemId', message: 'is not on the menu' })).toBe('A dish in your basket is not on the menu');
  });

  it('shows a message that is a sentence already as it is', () => {
    expect(orderFailureText({ field: 'orderItems[0].itemId', message: 'Crispy Seaweed is not available at the moment' })).toBe(
      'Crispy Seaweed is not available at the moment',
    );
    expect(orderFailureText({ field: 'phone', message: 'Enter a UK phone number' })).toBe('Enter a UK phone number');
  });

  it('gives the message alone for a field the customer has no name for', () => {
    expect(orderFailureText({ field: 'voucherItems[0].voucherId', message: 'must be a whole number' })).toBe('Must be a whole number');
  });
});
