import { type BasketChoices } from './basket';
import { hasContactDetails } from './contactDetails';
import { BasketStatus, type BasketStatusValue, OrderType, PaymentType } from '../../domain/orderEnums';

/**
 * The status a basket has earned by what it holds (docs/order-journey.md), each step needing the ones
 * before it: lines → Items; an order type → Basket; (delivery) an address in a zone → Delivery; name,
 * a UK phone number and an email → Contact; ASAP while it is offered or an offered slot → Time; a
 * payment type → Checkout. Confirmed is set by confirming only.
 */
export function deriveBasketStatus(
  choices: BasketChoices,
  lineCount: number,
  timeChoiceIsValid: boolean,
): BasketStatusValue {
  if (lineCount === 0) return BasketStatus.Created;
  if (choices.orderType === OrderType.NotSet) return BasketStatus.Items;
  if (choices.orderType === OrderType.Delivery && choices.deliveryZoneId === null) return BasketStatus.Basket;
  const placeReached = choices.orderType === OrderType.Delivery ? BasketStatus.Delivery : BasketStatus.Basket;
  if (!hasContactDetails(choices)) return placeReached;
  if (!timeChoiceIsValid) return BasketStatus.Contact;
  if (choices.paymentType === PaymentType.NotSet) return BasketStatus.Time;
  return BasketStatus.Checkout;
}
