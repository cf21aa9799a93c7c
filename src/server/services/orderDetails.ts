import type { components } from '../../api/schema.gen';
import { EMAIL_FORMAT_MESSAGE, PHONE_FORMAT_MESSAGE } from '../../domain/contactMessages';
import { isEmailAddress, isUkPhoneNumber, parseUkPostcode } from '../../domain/contactRules';
import type { Repositories } from '../db/repositories';
import type { DeliveryAddress, PricedLine } from '../domain/basket';
import type { DeliveryZone } from '../domain/deliveryZones';
import { POSTCODE_FORMAT_MESSAGE } from '../domain/postcodes';
import { priceLines, type RequestedLine } from '../domain/pricing';
import type { ValidationFailure } from '../domain/validationFailure';

// What an order's lines, contact and delivery address come to, checked and priced from the restaurant's own menu and
// zones: one reading for the customer's order update and for a phone order staff take (docs/phone-orders.md).

type Menu = components['schemas']['Menu'];

export interface OrderDetailsRequest {
  orderItems: readonly RequestedLine[];
  phone?: string;
  email?: string;
  deliveryAddress?: components['schemas']['DeliveryAddress'] | null;
}

export interface OrderDetails {
  /** Every field that is wrong; the rest is meaningful only when there is none. */
  failures: ValidationFailure[];
  lines: PricedLine[];
  phone: string;
  email: string;
  deliveryAddress: DeliveryAddress | null;
  /** The zone the address's postcode falls in now; never the one a client names. */
  zone: DeliveryZone | undefined;
}

export async function orderDetailsOf(repositories: Repositories, menu: Menu, request: OrderDetailsRequest): Promise<OrderDetails> {
  const failures: ValidationFailure[] = [];
  const priced = priceLines(request.orderItems, menu);
  if (!priced.ok) failures.push(...priced.failures);
  const phone = request.phone?.trim() ?? '';
  const email = request.email?.trim() ?? '';
  if (phone !== '' && !isUkPhoneNumber(phone)) failures.push({ field: 'phone', message: PHONE_FORMAT_MESSAGE });
  if (email !== '' && !isEmailAddress(email)) failures.push({ field: 'email', message: EMAIL_FORMAT_MESSAGE });

  let deliveryAddress: DeliveryAddress | null = null;
  let zone: DeliveryZone | undefined;
  if (request.deliveryAddress) {
    const postcode = parseUkPostcode(request.deliveryAddress.postcode);
    if (postcode === undefined) {
      failures.push({ field: 'deliveryAddress.postcode', message: POSTCODE_FORMAT_MESSAGE });
    } else {
      deliveryAddress = {
        address1: request.deliveryAddress.address1.trim(),
        address2: request.deliveryAddress.address2.trim(),
        town: request.deliveryAddress.town.trim(),
        postcode: postcode.postcode,
      };
      zone = await repositories.orders.findDeliveryZone(postcode);
    }
  }
  return { failures, lines: priced.ok ? priced.lines : [], phone, email, deliveryAddress, zone };
}

/** A requested time as the basket stores it: an ISO instant in UTC, or null for as soon as possible. */
export function normalisedInstant(requestedTime: string | null | undefined): string | null {
  if (requestedTime === null || requestedTime === undefined) return null;
  return new Date(requestedTime).toISOString();
}
